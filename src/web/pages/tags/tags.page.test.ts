import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonical } from "../../../../tests/helpers/page-html.ts";
import { pageTestSite } from "../../../../tests/helpers/page-test-site.ts";
import {
  fixtureName,
  LATEST_DAY,
  QUIET_TAG,
  writeTagOverviewFixture,
} from "../../../../tests/helpers/tag-overview-files.ts";
import { loadConfig } from "../../../config.ts";

const PLATFORM = "TestCams";
const decode = (text: string) =>
  text.replaceAll("&amp;", "&").replaceAll("&#x27;", "'").replaceAll("&quot;", '"');
const text = (html: string) => decode(html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " "));
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
/** The tags of the explorer's table, in order. */
const tableTags = (html: string) =>
  [...html.matchAll(/<th scope="row"><a href="\/tags\/([^"]+)"/g)].map((m) => decodeURIComponent(m[1] ?? ""));

describe("the tag explorer pages", () => {
  const site = pageTestSite({
    fixture: () => writeTagOverviewFixture({ abbr: "tc", online: [] }),
    app: { config: loadConfig({ PLATFORM_NAME: PLATFORM, PLATFORM_SLUG: "testcams", PLATFORM_ABBR: "tc" }) },
  });
  const get = (url: string) => site.get(url);

  it("/tags lists the day's top tags with rank, performers, the month's change and averages", async () => {
    const { status, headers, html } = await get("/tags");
    expect(status).toBe(200);
    expect(headers["cache-control"]).toBe("public, max-age=300");
    expect(title(html)).toBe(`Tag explorer: every ${PLATFORM} tag | camstats`);
    expect(canonical(html)).toBe("http://localhost/tags");
    expect(tableTags(html)).toEqual(["cute", "asian", "latina", "feet", "muscle"]);
    const page = text(html);
    expect(page).toContain(`The 5 tags ${PLATFORM} performers used most on ${LATEST_DAY} (UTC)`);
    expect(page).toContain("6 tags were used in the 30 days from 2025-12-12");
    // cute: rank 1, 300 performers, 20 → 30 a day (+50%), averages 1,500 viewers, 3,250,000 followers, −120.
    expect(page).toContain("1 #cute 300 +50% 1,500 3,250,000 −120");
    // Two months of figures make no line: the row says how many there are.
    expect(page).toContain("2 #asian 120 2 months so far +50% 750 1,625,000 −60");
    expect(html.match(/<svg class="sparkline"/g)).toHaveLength(1);
    // cute's missing month (Nov 2025) is a gap in its sparkline: two lines, not one across it.
    const sparkline = /<svg class="sparkline".*?<\/svg>/s.exec(html)?.[0] ?? "";
    expect(sparkline.match(/<polyline/g)).toHaveLength(2);
  });

  it("/tags filters by gender and orders by the chosen figure, with the defaults left out of the address", async () => {
    const women = await get("/tags?gender=women");
    expect(tableTags(women.html)).toEqual(["cute", "asian", "latina", "feet"]);
    expect(canonical(women.html)).toBe("http://localhost/tags?gender=women");
    const byName = await get("/tags?sort=name&gender=ALL");
    expect(tableTags(byName.html)).toEqual(["asian", "cute", "feet", "latina", "muscle"]);
    expect(canonical(byName.html)).toBe("http://localhost/tags?sort=name");
    expect(byName.html).toContain('aria-sort="ascending"');
    // An unknown order or gender is the default view, not an error.
    const odd = await get("/tags?sort=price&gender=robots");
    expect(odd.status).toBe(200);
    expect(canonical(odd.html)).toBe("http://localhost/tags");
  });

  it("/tags?q= finds tags of the 30 days by name, and is not indexed", async () => {
    const { status, html } = await get("/tags?q=%23QUI");
    expect(status).toBe(200);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(tableTags(html)).toEqual([]);
    expect(text(html)).toContain(`#${QUIET_TAG} not used on ${LATEST_DAY}`);
    const none = await get("/tags?q=zzz");
    expect(text(none.html)).toContain("No tag used in the last 30 days has “zzz” in its name.");
  });

  it("/tags/{tag} shows the tag's day, its months, figures by gender, related tags and four lists", async () => {
    const { status, html } = await get("/tags/Cute");
    expect(status).toBe(200);
    expect(canonical(html)).toBe("http://localhost/tags/cute");
    expect(title(html)).toBe(`#cute in the tag explorer on ${PLATFORM} | camstats`);
    const page = text(html);
    expect(page).toContain(
      `#cute was the #1 most used tag on ${PLATFORM} on ${LATEST_DAY} (UTC), by 300 performers; this month's daily average is +50% on last month's.`,
    );
    // The chart's value axis is labelled compactly, in full.
    expect(html).toMatch(/<svg class="svg-line-chart"[^>]*role="img"/);
    expect(html).toContain(">30</text>");
    expect(page).toContain("Jan 2026 30");
    // The chart and its figures run from the first month with data (Sep 2025); a missing month inside is a gap.
    expect(page).toContain("Nov 2025 no data");
    expect(page).not.toContain("Aug 2025");
    expect(html.match(/<polyline class="svg-line-chart__line"/g)).toHaveLength(2);
    // Two months of figures: a sentence and the figures, no line of two points.
    const asian = await get("/tags/asian");
    expect(text(asian.html)).toContain(
      "Our figures for #asian begin in Dec 2025: 2 months so far. The chart starts with the third month.",
    );
    expect(asian.html).not.toContain('class="svg-line-chart"');
    expect(page).toContain("Female 200 1,500 3,250,000 −120");
    expect(html).toMatch(/<a href="\/tags\/asian"[^>]*>#asian<\/a>/);
    expect(page).toContain("Of the 400 performers who used #cute from 2025-12-12");
    // cute has no ranking lists in the fixture: no lists, and no overview link.
    expect(html).not.toContain('id="tag-lists"');
    expect(html).toContain('href="/tag/cute"');
  });

  it("/tags/{tag} of a tag with rankings shows each list's first rows, linking the whole list", async () => {
    const { html } = await get("/tags/asian");
    expect(html).toContain('id="tag-lists"');
    expect(html).toContain(`href="/${fixtureName("fol", "all", "asian", 1)}"`);
    expect(html).toContain(`href="/${fixtureName("mon", "all", "asian", 10)}"`);
    expect(html).not.toContain(`href="/${fixtureName("mon", "all", "asian", 11)}"`);
    expect(html).toContain('href="/top/asian"');
    expect(html).toContain('href="/popular/asian"');
  });

  it("/tags/{tag} of a tag of the 30 days unused on the day says so; any other tag is a 404", async () => {
    const quiet = await get(`/tags/${QUIET_TAG}`);
    expect(quiet.status).toBe(200);
    expect(text(quiet.html)).toContain(`Nobody on ${PLATFORM} used #${QUIET_TAG} on ${LATEST_DAY} (UTC)`);
    for (const url of [
      "/tags/nosuchtag",
      "/tags/__proto__",
      "/tags/constructor",
      "/tags/..%2F..%2Fetc",
      "/tags/%F0%9F%98%80",
      "/tags/a%20b",
    ]) {
      expect((await get(url)).status, url).toBe(404);
    }
  });

  it("never answers a hostile address or query with a server error", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 30 }), fc.string({ maxLength: 30 }), async (segment, q) => {
        const tag = await get(`/tags/${encodeURIComponent(segment) || "x"}`);
        expect([200, 404]).toContain(tag.status);
        const index = await get(`/tags?q=${encodeURIComponent(q)}&sort=${encodeURIComponent(segment)}`);
        expect(index.status).toBe(200);
      }),
      { numRuns: 40 },
    );
  });
});
