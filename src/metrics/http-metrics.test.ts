import { describe, expect, it } from "vitest";
import { ROUTE_FAMILIES, routeFamily } from "./http-metrics.ts";

describe("route families", () => {
  it.each([
    ["/api/health", "health"],
    ["/api/health?x=1", "health"],
    ["/stats/2026-11-20/most-popular.json", "published"],
    ["/stats/manifest.json", "published"],
    ["/api/lists/public_lists.json", "published"],
    ["/data/2026-11-20/performers.csv", "published"],
    ["/api/model_search?searchTerm=a", "api"],
    ["/api/docs", "api"],
    ["/v1/auth/sign-in/email", "auth"],
    ["/v1/lists/abc", "v1"],
    ["/v1/model-search", "v1"],
    ["/assets/root-Abc123.js", "assets"],
    ["/images/top/viewers.png", "images"],
    ["/profile/alice-thumb.jpg", "images"],
    ["/social/alice/button.png", "images"],
    ["/bingo-card-creator/card.png?x=1", "images"],
    ["/favicon.ico", "images"],
    ["/robots.txt", "crawlers"],
    ["/sitemap.xml", "crawlers"],
    ["/sitemap-performers-3.xml", "crawlers"],
    ["/lists/abc/feed.atom", "feeds"],
    ["/blog/feed.xml", "feeds"],
    ["/dev/mail", "dev"],
    ["/", "page"],
    ["/top/viewers?gender=f", "page"],
    ["/alice", "page"],
    ["/apidocs", "page"],
    ["/v1x", "page"],
  ])("%s is %s", (url, family) => {
    expect(routeFamily(url)).toBe(family);
  });

  it("is one of a few words whatever the address, so no visitor adds a series", () => {
    const made = ["/%00", "/a".repeat(500), "/api/../../etc", "/stats", `/${"x".repeat(10_000)}.json`].map(
      routeFamily,
    );
    for (const family of made) expect(ROUTE_FAMILIES).toContain(family);
  });
});
