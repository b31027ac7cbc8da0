import { describe, expect, it } from "vitest";
import { chunk, escapeXml, MAX_URLS_PER_SITEMAP, sitemapIndexXml, urlsetXml } from "./sitemap-xml.ts";

describe("sitemap XML", () => {
  it("writes a urlset with loc and, when known, lastmod", () => {
    expect(
      urlsetXml([
        { loc: "https://example.test/", lastmod: null },
        { loc: "https://example.test/top/viewers/asian", lastmod: "2026-01-10" },
      ]),
    ).toBe(
      `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<url><loc>https://example.test/</loc></url>
<url><loc>https://example.test/top/viewers/asian</loc><lastmod>2026-01-10</lastmod></url>
</urlset>
`,
    );
  });

  it("writes a sitemap index of child sitemaps", () => {
    expect(sitemapIndexXml([{ loc: "https://example.test/sitemap-pages-1.xml" }])).toBe(
      `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<sitemap><loc>https://example.test/sitemap-pages-1.xml</loc></sitemap>
</sitemapindex>
`,
    );
  });

  it("escapes the five XML entities in every address", () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe("a&amp;b&lt;c&gt;d&quot;e&apos;f");
    expect(urlsetXml([{ loc: "https://example.test/x?a=1&b=<2>" }])).toContain(
      "<loc>https://example.test/x?a=1&amp;b=&lt;2&gt;</loc>",
    );
  });

  it("refuses more than 50,000 addresses in one document (sitemaps.org)", () => {
    const entries = Array.from({ length: MAX_URLS_PER_SITEMAP + 1 }, (_, i) => ({
      loc: `https://e.test/${i}`,
    }));
    expect(() => urlsetXml(entries)).toThrow(/at most 50000/);
    expect(() => urlsetXml(entries.slice(0, MAX_URLS_PER_SITEMAP))).not.toThrow();
  });

  it("chunks lists into runs of at most 50,000", () => {
    expect(chunk([], 2)).toEqual([]);
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    const runs = chunk(Array.from({ length: 100_001 }, (_, i) => i));
    expect(runs.map((r) => r.length)).toEqual([50_000, 50_000, 1]);
  });
});
