import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SOCIAL_NETWORKS } from "../social-links.ts";
import { type BioBlock, BLOCK_ATTRIBUTES, BLOCK_TAGS, blockHtml, escapeHtml, httpUrl } from "./bio-block.ts";
import { parseHandle } from "./networks.ts";

const ORIGIN = "https://camstats.example";
const item = (href: string, alt = "X (Twitter)") => ({
  href,
  src: "/social/buttons/twitter.0123456789.png",
  alt,
  width: 180,
  height: 44,
});

/** Every tag of the HTML with its attributes' names and values (the block is flat, quoted, escaped). */
function tagsOf(html: string): { tag: string; attributes: [string, string][] }[] {
  return [...html.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9]*)((?:\s+[a-z]+="[^"<>]*")*)\s*>/g)].map((m) => ({
    tag: (m[1] ?? "").toLowerCase(),
    attributes: [...(m[2] ?? "").matchAll(/([a-z]+)="([^"]*)"/g)].map((a) => [a[1] ?? "", a[2] ?? ""]),
  }));
}

/** What remains of the HTML once every well-formed tag is taken out: text only, no < or >. */
const textOf = (html: string) => html.replace(/<\/?[a-zA-Z][a-zA-Z0-9]*(?:\s+[a-z]+="[^"<>]*")*\s*>/g, "");

const unescaped = (value: string) =>
  value
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");

describe("the bio block", () => {
  it("writes a paragraph of linked images for the buttons, another for the trophies", () => {
    const block: BioBlock = {
      buttons: [item("https://x.com/ann"), item("https://t.me/anncam", "Telegram")],
      trophies: [
        {
          href: `${ORIGIN}/ann`,
          src: "/social/trophies/top-10.abcdef0123.png",
          alt: "Top 10 on camstats",
          width: 128,
          height: 128,
        },
      ],
    };
    expect(blockHtml(block, ORIGIN)).toBe(
      '<p><a href="https://x.com/ann"><img src="https://camstats.example/social/buttons/twitter.0123456789.png" alt="X (Twitter)" width="180" height="44"></a> ' +
        '<a href="https://t.me/anncam"><img src="https://camstats.example/social/buttons/twitter.0123456789.png" alt="Telegram" width="180" height="44"></a></p>\n' +
        '<p><a href="https://camstats.example/ann"><img src="https://camstats.example/social/trophies/top-10.abcdef0123.png" alt="Top 10 on camstats" width="128" height="128"></a></p>',
    );
    expect(blockHtml({ buttons: [], trophies: [] }, ORIGIN)).toBe("");
  });

  it("escapes every value and leaves out a link that is not http(s)", () => {
    const html = blockHtml(
      {
        buttons: [
          item('https://x.com/a?b=1&c="><script>', `"><img src=x onerror=alert(1)>`),
          item("javascript:alert(1)"),
          item("data:text/html,<b>"),
          item("//evil.example/x"),
        ],
        trophies: [],
      },
      ORIGIN,
    );
    expect(tagsOf(html).map((t) => t.tag)).toEqual(["p", "a", "img", "a", "p"]);
    expect(html).not.toContain("javascript:");
    expect(html).not.toContain("data:");
    expect(html).toContain("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;");
    expect(escapeHtml(`<a href='x'>&`)).toBe("&lt;a href=&#39;x&#39;&gt;&amp;");
    expect(blockHtml({ buttons: [item("https://x.com/a")], trophies: [] }, "javascript:alert(1)")).toBe("");
  });

  it("accepts only absolute http(s) URLs", () => {
    expect(httpUrl("https://x.com/a")).toBe("https://x.com/a");
    for (const url of ["javascript:alert(1)", "JAVASCRIPT:x", "/relative", "ftp://x.example/", "data:,x", ""])
      expect(httpUrl(url)).toBeNull();
  });

  it("never holds a tag or attribute beyond the allowed few, nor a URL that is not http(s)", () => {
    const network = fc.constantFrom(...SOCIAL_NETWORKS);
    const typed = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.string({ unit: "grapheme", maxLength: 30 }),
      fc.webUrl().map((u) => u),
      fc.constantFrom(
        "javascript:alert(1)",
        'https://x.com/a"onmouseover="x',
        "https://x.com/<script>",
        "@ann",
      ),
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(network, typed), { maxLength: 6 }),
        fc.array(fc.tuple(fc.string({ maxLength: 40 }), fc.string({ maxLength: 40 })), { maxLength: 3 }),
        (fields, trophies) => {
          const buttons = fields.flatMap(([n, input]) => {
            const parsed = parseHandle(n, input);
            return parsed.ok ? [item(parsed.link, input)] : [];
          });
          // Trophy items with arbitrary links and alt text, as a last-guard check of the writer itself.
          const block: BioBlock = {
            buttons,
            trophies: trophies.map(([href, alt]) => ({
              href,
              src: "/social/trophies/x.png",
              alt,
              width: 128,
              height: 128,
            })),
          };
          const html = blockHtml(block, ORIGIN);
          expect(textOf(html).replace(/\s/g, "")).toBe("");
          for (const { tag, attributes } of tagsOf(html)) {
            expect(BLOCK_TAGS).toContain(tag);
            for (const [name, value] of attributes) {
              expect(BLOCK_ATTRIBUTES[tag as keyof typeof BLOCK_ATTRIBUTES]).toContain(name);
              if (name === "href" || name === "src") expect(unescaped(value)).toMatch(/^https?:\/\//);
            }
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
