import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp } from "../../../../tests/helpers/api.ts";
import { insertSubjectGoal } from "../../../../tests/helpers/bingo-goals.ts";
import { createTestDatabase, type TestDatabase } from "../../../../tests/helpers/database.ts";
import { insertPerformer } from "../../../../tests/helpers/fixtures.ts";
import { BROWSER, canonical } from "../../../../tests/helpers/page-html.ts";
import { testPublishContext } from "../../../../tests/helpers/publish.ts";
import { publishBingoData } from "../../../publish/bingo-data.ts";
import { addDays } from "../../../rules/calendar.ts";
import { missingBuildMessage, webBuildExists } from "../../../server/pages.ts";
import { CODE_UNREADABLE_MESSAGE, encodeCard } from "../../../site/bingo/card-link.ts";
import { defaultCard } from "../../../site/bingo/common-actions.ts";
import { lastClosedDay } from "../../../stats/ranking-day.ts";

/** /bingo-card-creator, server-rendered: the data's suggestions, a shared card, a bad link. */

const clean = (html: string) => html.replaceAll("<!-- -->", "");
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
const downloadHref = (html: string) =>
  /<a class="account-button" href="([^"]*)" download=""/.exec(html)?.[1]?.replaceAll("&amp;", "&");
const preview = (html: string) =>
  /<svg class="bingo-preview"[^>]*>(.*?)<\/svg>/s.exec(clean(html))?.[1] ?? "";

describe("the bingo card creator page", () => {
  let t: TestDatabase;
  let withData: FastifyInstance;
  let withoutData: FastifyInstance;
  let removeRoot: () => Promise<void>;

  beforeAll(async () => {
    if (!webBuildExists()) throw new Error(missingBuildMessage());
    t = await createTestDatabase();
    const day = lastClosedDay(Date.now());
    const seen = `${addDays(day, -1)}T12:00:00Z`;
    for (const [i, tokens] of [80, 100, 120].entries()) {
      const id = await insertPerformer(t.db, { username: `p${i}` });
      await insertSubjectGoal(t.db, {
        performerId: id,
        item: "Oil Show",
        key: "oil show",
        tokens,
        lastSeen: seen,
      });
      await insertSubjectGoal(t.db, {
        performerId: id,
        item: "Flash <b>",
        key: "flash <b>",
        tokens: 30,
        lastSeen: seen,
      });
    }
    const context = await testPublishContext(t.db);
    removeRoot = context.remove;
    await publishBingoData(context, day);
    withData = testApp(t.db, { publishDir: context.root });
    withoutData = testApp(t.db);
  });
  afterAll(async () => {
    await withData?.close();
    await withoutData?.close();
    await removeRoot?.();
    await t?.drop();
  });

  const get = (app: FastifyInstance, url: string) =>
    app.inject({ method: "GET", url, headers: { "user-agent": BROWSER } });

  it("starts from the data's most common goals with their median price", async () => {
    const response = await get(withData, "/bingo-card-creator");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=300");
    expect(title(response.body)).toContain("Bingo card creator");
    expect(canonical(response.body)).toMatch(/\/bingo-card-creator$/);
    const drawn = preview(response.body);
    expect(drawn).toContain(">Flash</text>");
    expect(drawn).toContain(">&lt;b&gt;</text>");
    expect(drawn).toContain(">Oil Show</text>");
    expect(drawn).toContain(">100 tk</text>");
    expect(response.body).not.toContain("Flash <b>");
    expect(clean(response.body)).toContain("The goals performers set most in their room subjects");
    const card = defaultCard([
      { text: "Flash <b>", tokens: 30, performers: 3 },
      { text: "Oil Show", tokens: 100, performers: 3 },
    ]);
    expect(downloadHref(response.body)).toBe(
      `/bingo-card-creator/card.png?card=${encodeCard(card)}&size=square`,
    );
  });

  it("falls back to the built-in actions, said to be such, before there is data", async () => {
    const response = await get(withoutData, "/bingo-card-creator");
    expect(response.statusCode).toBe(200);
    expect(preview(response.body)).toContain(">Dance</text>");
    expect(clean(response.body)).toContain("Common room actions with starting prices");
  });

  it("shows a shared card from its link, with its image for link previews", async () => {
    const card = { ...defaultCard([], 3), title: "Ann's <Friday> game" };
    const response = await get(withoutData, `/bingo-card-creator?card=${encodeCard(card)}&size=overlay`);
    expect(response.statusCode).toBe(200);
    expect(title(response.body)).toContain("Ann&#x27;s &lt;Friday&gt; game: a bingo card");
    expect(preview(response.body)).toContain("Ann&#x27;s &lt;Friday&gt; game");
    expect(response.body).toContain('viewBox="0 0 1280 720"');
    expect(downloadHref(response.body)).toBe(
      `/bingo-card-creator/card.png?card=${encodeCard(card)}&size=overlay`,
    );
    expect(response.body).toMatch(
      /property="og:image" content="http:\/\/[^"]+\/bingo-card-creator\/card\.png\?card=/,
    );
  });

  it("says why a link's card cannot be shown, status 400, and offers a new card", async () => {
    const response = await get(withoutData, "/bingo-card-creator?card=%3Cscript%3Ealert(1)%3C%2Fscript%3E");
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(CODE_UNREADABLE_MESSAGE);
    expect(response.body).not.toContain("<script>alert(1)");
    expect(response.body).toContain('content="noindex"');
    expect(preview(response.body)).toContain(">Dance</text>");
  });

  it("never answers a hostile card or size with a server error", async () => {
    const card = encodeCard(defaultCard([]));
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ maxLength: 300 }), fc.base64String({ maxLength: 300 }), fc.constant(card)),
        fc.oneof(fc.constant(null), fc.string({ maxLength: 30 })),
        async (code, size) => {
          const query = `card=${encodeURIComponent(code)}${size === null ? "" : `&size=${encodeURIComponent(size)}`}`;
          const response = await get(withoutData, `/bingo-card-creator?${query}`);
          expect([200, 400]).toContain(response.statusCode);
        },
      ),
      { numRuns: 50 },
    );
  });
});
