import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { canonical } from "../../../../tests/helpers/page-html.ts";
import { pageTestSite } from "../../../../tests/helpers/page-test-site.ts";
import {
  FIRST_DAY,
  LATEST_DAY,
  MIDDLE_DAY,
  rankedRows,
  supporterRows,
  writeRankedListFixture,
} from "../../../../tests/helpers/ranked-list-files.ts";
import { loadConfig } from "../../../config.ts";

const PLATFORM = "TestCams";
const GOOGLEBOT = "Googlebot/2.1 (+http://www.google.com/bot.html)";
/** A person's browser: inject's own user agent (lightMyRequest) reads as a bot to isbot. */

const decode = (text: string) => text.replaceAll("&amp;", "&").replaceAll("&#x27;", "'");
const title = (html: string) => decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "");
const rowNames = (html: string) => [...html.matchAll(/<tr id="([^"]+)" data-username=/g)].map((m) => m[1]);
const rowOf = (html: string, username: string) =>
  new RegExp(`<tr id="${username}".*?</tr>`, "s").exec(html)?.[0] ?? "";
const columns = (html: string) =>
  [...(/<thead>(.*?)<\/thead>/s.exec(html)?.[1] ?? "").matchAll(/<th scope="col"[^>]*>([^<]*)/g)].map((m) =>
    m[1]?.trim(),
  );
const pagerHrefs = (html: string) =>
  [...(/<nav class="pagination".*?<\/nav>/s.exec(html)?.[0] ?? "").matchAll(/href="([^"]*)"/g)].map((m) =>
    decode(m[1] ?? ""),
  );
/** The href of the link with this rel (prev, next), or undefined when there is none. */
const hrefOf = (html: string, rel: string) => {
  const link = new RegExp(`<a [^>]*rel="${rel}"[^>]*>`).exec(html)?.[0];
  return link === undefined ? undefined : /href="([^"]*)"/.exec(link)?.[1];
};
const names = (rows: readonly { u: string }[]) => rows.map((r) => r.u);

describe("the ranked-list pages", () => {
  const top = rankedRows("f", LATEST_DAY, "all");
  const now = Date.now();
  /** Rank 2 is in the online list; rank 3 seen 2 minutes ago, 4 three hours ago, 5 two days ago. */
  const [, inList, justSeen, recently, twoDays] = names(top);
  const site = pageTestSite({
    fixture: () => writeRankedListFixture({ abbr: "tc", online: [inList as string, "someone_else"] }),
    seed: async (db) => {
      const seen: [string, number][] = [
        [inList as string, 30 * 60_000],
        [justSeen as string, 2 * 60_000],
        [recently as string, 3 * 3_600_000],
        [twoDays as string, 2 * 86_400_000 + 60_000],
      ];
      for (const [username, ago] of seen) {
        const at = new Date(now - ago);
        await sql`INSERT INTO performers (username, first_seen, last_seen) VALUES (${username}, ${at}, ${at})`.execute(
          db,
        );
      }
    },
    app: {
      imageHost: "http://images.test",
      config: loadConfig({ PLATFORM_NAME: PLATFORM, PLATFORM_SLUG: "testcams", PLATFORM_ABBR: "tc" }),
    },
  });
  const { get } = site;

  const forms: [url: string, heading: string, canonical: string, rows: string[]][] = [
    ["/top/followers", `Most followed models on ${PLATFORM}`, "/top/followers", names(top).slice(0, 50)],
    [
      `/top/followers/men/${MIDDLE_DAY}`,
      `Most followed Male models on ${PLATFORM} on ${MIDDLE_DAY}`,
      `/top/followers/men/${MIDDLE_DAY}`,
      names(rankedRows("f", MIDDLE_DAY, "men")),
    ],
    [
      "/top/followers/all/asian",
      `Most followed asian models on ${PLATFORM}`,
      "/top/followers/asian",
      names(rankedRows("f", LATEST_DAY, "all", "asian")),
    ],
    [
      `/top/growing/asian/${FIRST_DAY}`,
      `Fastest rising asian models on ${PLATFORM} in the week to ${FIRST_DAY}`,
      `/top/growing/asian/${FIRST_DAY}`,
      names(rankedRows("g", FIRST_DAY, "all", "asian")),
    ],
    [
      "/top/growing/women",
      `Fastest rising Female models on ${PLATFORM} this week`,
      "/top/growing/women",
      names(rankedRows("g", LATEST_DAY, "women")),
    ],
    [
      "/top/performers",
      `Top models on ${PLATFORM} in the last 30 days`,
      "/top/performers",
      names(rankedRows("s", LATEST_DAY, "all")).slice(0, 50),
    ],
    [
      "/top/performers/women/asian",
      `Top asian Female models on ${PLATFORM} in the last 30 days`,
      "/top/performers/women/asian",
      names(rankedRows("s", LATEST_DAY, "women", "asian")),
    ],
    [
      "/top/performers/all",
      `Top models on ${PLATFORM} in the last 30 days`,
      "/top/performers",
      names(rankedRows("s", LATEST_DAY, "all")).slice(0, 50),
    ],
    [
      "/top/supporters",
      `Models who won the most new followers on ${PLATFORM} for the last day`,
      "/top/supporters",
      names(supporterRows(LATEST_DAY, "gained")).slice(0, 50),
    ],
    [
      `/top/supporters/per-hour/${MIDDLE_DAY}?page=2`,
      `Models who won the most new followers per hour online on ${PLATFORM} on ${MIDDLE_DAY} (page 2)`,
      `/top/supporters/per-hour/${MIDDLE_DAY}?page=2`,
      names(supporterRows(MIDDLE_DAY, "per-hour")).slice(50),
    ],
  ];

  for (const [url, heading, expectedCanonical, expectedRows] of forms) {
    it(`${url} answers 200 with the page's rows in the HTML, its title and canonical address`, async () => {
      const { status, headers, html } = await get(url);
      expect(status).toBe(200);
      expect(headers["cache-control"]).toBe("public, max-age=60");
      expect(title(html)).toBe(heading);
      expect(decode(html)).toContain(`<h1 class="ranked-list__title">${heading}</h1>`);
      expect(decode(canonical(html) ?? "")).toBe(`http://localhost${expectedCanonical}`);
      expect(html).toMatch(/<meta name="description" content="[^"]+"\/>/);
      expect(rowNames(html)).toEqual(expectedRows);
      for (const name of expectedRows.slice(0, 3)) expect(html).toContain(`href="/${name}"`);
    });
  }

  it("shows SPEC §2's ranking table in each family's mode", async () => {
    expect(columns((await get("/top/followers")).html)).toEqual([
      "Rank",
      "Performer",
      "Details",
      "Followers",
      "Before",
      "Live",
    ]);
    expect(columns((await get("/top/performers")).html)).toEqual([
      "Rank",
      "Performer",
      "Score",
      "Details",
      "Viewers",
      "Before",
      "Live",
    ]);
    expect(columns((await get("/top/supporters/per-hour")).html)).toEqual([
      "Rank",
      "Performer",
      "Per hour online",
      "Details",
      "Followers",
      "Before",
      "Live",
    ]);
    const followers = (await get("/top/followers")).html;
    const first = rowOf(followers, names(top)[0] as string);
    expect(first).toContain('<td class="ranking-table__rank">1</td>');
    expect(first).toContain("200,000");
    expect(first).toContain("+1,250");
    expect(first).toContain("<dt>Broadcasts</dt><dd>20</dd>");
    expect(first).toContain("<dt>Cam time</dt><dd>45.0 h</dd>");
    // Rank 2 was 3 the day before: up; rank 10 is new to the list.
    expect(rowOf(followers, names(top)[1] as string)).toMatch(/previous-rank--up.*3.*up 1/s);
    expect(rowOf(followers, names(top)[9] as string)).toContain(">new</span>");
    const monthly = rowOf(
      (await get("/top/performers")).html,
      names(rankedRows("s", LATEST_DAY, "all"))[0] as string,
    );
    expect(monthly).toContain(">95.00</td>");
    expect(monthly).toContain(">12,000+</td>");
  });

  it("pages by 50 with ?page, page 1 at the list's own address, and has no page past the last", async () => {
    const first = (await get("/top/followers")).html;
    expect(pagerHrefs(first)).toEqual([
      "/top/followers?page=2",
      "/top/followers?page=3",
      "/top/followers?page=2",
    ]);
    const second = await get("/top/followers?page=2");
    expect(rowNames(second.html)).toEqual(names(top).slice(50, 100));
    expect(pagerHrefs(second.html)).toEqual([
      "/top/followers",
      "/top/followers",
      "/top/followers?page=3",
      "/top/followers?page=3",
    ]);
    expect(canonical(second.html)).toBe("http://localhost/top/followers?page=2");
    expect(second.html).toContain("Ranks 51 to 100 of 120");
    // One page: no pager.
    expect((await get("/top/growing/women")).html).not.toContain('class="pagination"');
    for (const bad of ["?page=4", "?page=0", "?page=abc", "?page=2.5"]) {
      expect((await get(`/top/followers${bad}`)).status, bad).toBe(404);
    }
  });

  it("marks who is live (online list, or seen under 5 minutes ago) and when the others were", async () => {
    const { html } = await get("/top/followers");
    expect(rowOf(html, names(top)[0] as string)).toContain("not active last week");
    expect(rowOf(html, inList as string)).toContain('<span class="live-badge">Live</span>');
    expect(rowOf(html, justSeen as string)).toContain('<span class="live-badge">Live</span>');
    expect(rowOf(html, recently as string)).toContain("live recently");
    expect(rowOf(html, twoDays as string)).toContain("live 2 days ago");
    // Thumbnails wait for the visitor's age verification, which only the browser asks.
    expect(html).not.toContain('src="http://images.test');
  });

  it("skips the live lookups for crawlers (SPEC §6)", async () => {
    const { html } = await get("/top/followers", { "user-agent": GOOGLEBOT });
    expect(rowNames(html)).toHaveLength(50);
    expect(html).not.toContain('class="live-badge"');
    expect(html).not.toContain("not active last week");
  });

  it("links the gender tabs, Prev and Next, the order tabs and the other rankings", async () => {
    const tabs = (html: string, label: string) =>
      [
        ...(
          new RegExp(`<nav class="gender-tabs" aria-label="${label}">.*?</nav>`, "s").exec(html)?.[0] ?? ""
        ).matchAll(/href="([^"]*)"[^>]*>([^<]*)<\/a>/g),
      ].map((m) => [m[1], m[2]]);
    const growing = (await get("/top/growing/asian")).html;
    expect(tabs(growing, "Gender")).toEqual([
      ["/top/growing/asian", "All"],
      ["/top/growing/couples", "Couples"],
      ["/top/growing/women", "Female"],
      ["/top/growing/men", "Male"],
      ["/top/growing/trans", "Trans"],
    ]);
    expect(hrefOf(growing, "prev")).toBe(`/top/growing/asian/${MIDDLE_DAY}`);
    expect(growing).not.toContain("Next day");
    const supporters = (await get(`/top/supporters/per-hour/${FIRST_DAY}`)).html;
    expect(tabs(supporters, "Order")).toEqual([
      [`/top/supporters/${FIRST_DAY}`, "New followers"],
      [`/top/supporters/per-hour/${FIRST_DAY}`, "Per hour online"],
    ]);
    expect(supporters).toContain("No earlier day");
    expect(hrefOf(supporters, "next")).toBe(`/top/supporters/per-hour/${MIDDLE_DAY}`);
    const rankings = /<nav class="ranked-links".*?<\/nav>/s.exec(growing)?.[0] ?? "";
    for (const href of [
      "/top/viewers",
      "/top/followers",
      "/top/performers",
      "/top/supporters",
      "/top/2021",
      "/top",
    ])
      expect(rankings).toContain(`href="${href}"`);
    expect(rankings).toMatch(
      /aria-current="page" href="\/top\/growing"|href="\/top\/growing"[^>]*aria-current="page"/,
    );
    expect(growing).toContain("How this list is made");
    expect(growing).toContain("midnight GMT");
  });

  it("answers /top/2021 without the year's lists with an empty state saying when our records begin", async () => {
    const { status, html } = await get("/top/2021");
    expect(status).toBe(200);
    expect(title(html)).toBe(`Top models on ${PLATFORM} in 2021`);
    expect(html).toContain("We have no rankings for 2021");
    expect(html).toContain(`our records begin on <time dateTime="${FIRST_DAY}">${FIRST_DAY}</time>.`);
    const empty = /<div class="ranked-list__empty">.*?<\/div>/s.exec(html)?.[0] ?? "";
    expect(empty).toContain('href="/top/performers"');
    expect(empty).toContain('href="/top/viewers"');
    expect(rowNames(html)).toEqual([]);
  });

  for (const [url, why] of [
    ["/top/followers/nosuchtag", "an unknown tag"],
    ["/top/followers/women/asian", "another gender with a tag"],
    ["/top/growing/2026-01-07", "a day the manifest does not list"],
    [`/top/growing/latina/${MIDDLE_DAY}`, "a tag without a list that day"],
    ["/top/performers/men/asian", "a tag the gender has no list for"],
    ["/top/performers/asian/women", "a gender after a tag"],
    ["/top/2021/asian", "a tag of a year without lists"],
    ["/top/supporters/best", "an unknown supporter order"],
    ["/top/supporters/gained/2026-01-10/x", "too many segments"],
    ["/top/followers?page=9", "a page past the last"],
  ] as const) {
    it(`answers ${why} with the 404 page, status 404`, async () => {
      const { status, html } = await get(url);
      expect(status).toBe(404);
      expect(html).toContain("<h1>Page not found</h1>");
      expect(html).toContain('<meta name="robots" content="noindex"/>');
    });
  }

  it("answers client-side navigations' data requests (the pager, the tabs)", async () => {
    const response = await site.app.inject({ method: "GET", url: "/top/followers/women.data" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(names(rankedRows("f", LATEST_DAY, "women"))[0]);
    const missing = await site.app.inject({ method: "GET", url: "/top/followers/nosuchtag.data" });
    expect(missing.statusCode).toBe(404);
  });
});
