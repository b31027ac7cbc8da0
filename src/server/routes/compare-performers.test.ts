import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountsSite } from "../../../tests/helpers/accounts.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/database.ts";
import { confirmOptout, insertPerformer, insertPerformerDay } from "../../../tests/helpers/fixtures.ts";
import {
  BAD_DAYS_BACK,
  DUPLICATE_PERFORMER,
  PERFORMERS_NOT_A_LIST,
  TOO_FEW_PERFORMERS,
  TOO_MANY_PERFORMERS,
} from "./compare-performers.ts";

/** POST /v1/compare_performers (issue 20): signed in only, its 400s, its answer, hostile bodies. */

const NOW = Date.parse("2026-11-21T12:00:00Z");

describe("POST /v1/compare_performers", () => {
  let t: TestDatabase;
  let site: ReturnType<typeof accountsSite>;
  let token: string;

  beforeAll(async () => {
    t = await createTestDatabase();
    site = accountsSite(t.db, { now: () => NOW });
    const ann = await insertPerformer(t.db, { username: "ann", displayName: "Ann", gender: "f" });
    await insertPerformer(t.db, { username: "bea", displayName: null, gender: "m" });
    await insertPerformer(t.db, { username: "gone" });
    await confirmOptout(t.db, "gone");
    await insertPerformerDay(t.db, {
      performerId: ann,
      day: "2026-11-20",
      followers: 10,
      followerGain: 2,
      peakViewers: 5,
      minutesOnline: 45,
      bestRank: 3,
    });
    await site.confirmedAccount("fan@example.com");
    token = (await site.signedIn("fan@example.com")).token;
  });
  afterAll(async () => {
    await site?.app.close();
    await t?.drop();
  });

  const compare = (body: unknown, bearer: string | null = token) =>
    site.post("/v1/compare_performers", body, bearer === null ? {} : { token: bearer });

  it("needs a signed-in caller", async () => {
    const body = { performers: ["ann", "bea"], daysBack: 7 };
    const none = await compare(body, null);
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe("unauthenticated");
    expect((await compare(body, "not-a-token")).statusCode).toBe(401);
  });

  it("answers the window ending yesterday, performers in the order asked", async () => {
    const response = await compare({ performers: ["Bea", "ann", "gone", "nobody"], daysBack: 7 });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    const body = response.json();
    expect(body).toMatchObject({ daysBack: 7, from: "2026-11-14", to: "2026-11-20" });
    expect(body.performers.map((p: { username: string; found: boolean }) => [p.username, p.found])).toEqual([
      ["bea", true],
      ["ann", true],
      ["gone", false],
      ["nobody", false],
    ]);
    expect(body.performers[2]).toEqual({ username: "gone", found: false });
    const ann = body.performers[1];
    expect(ann.displayName).toBe("Ann");
    expect(ann.gender).toBe("f");
    expect(ann.totals).toEqual({
      followers: 10,
      followerChange: 2,
      peakViewers: 5,
      avgViewers: null,
      hoursOnline: 0.8,
      bestRank: 3,
      daysLive: 1,
    });
    expect(ann.days).toHaveLength(7);
    expect(ann.days[6]).toEqual({
      day: "2026-11-20",
      followers: 10,
      peakViewers: 5,
      avgViewers: null,
      minutesOnline: 45,
      bestRank: 3,
    });
    expect(ann.days[0]).toEqual({
      day: "2026-11-14",
      followers: null,
      peakViewers: null,
      avgViewers: null,
      minutesOnline: null,
      bestRank: null,
    });
  });

  it("refuses what cannot be compared, with the exact reason", async () => {
    const refused = async (body: unknown, message: string) => {
      const response = await compare(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(message);
    };
    await refused({ performers: ["ann"], daysBack: 7 }, `performers: ${TOO_FEW_PERFORMERS}`);
    await refused(
      { performers: ["a", "b", "c", "d", "e", "f"], daysBack: 7 },
      `performers: ${TOO_MANY_PERFORMERS}`,
    );
    await refused({ performers: ["ann", "ANN "], daysBack: 7 }, `performers: ${DUPLICATE_PERFORMER}`);
    await refused({ performers: "ann,bea", daysBack: 7 }, `performers: ${PERFORMERS_NOT_A_LIST}`);
    await refused({ daysBack: 7 }, `performers: ${PERFORMERS_NOT_A_LIST}`);
    await refused(
      { performers: ["ann", "<script>"], daysBack: 7 },
      "performers.1: expected a performer name: letters, digits, _ . and -",
    );
    await refused({ performers: ["ann", "bea"], daysBack: 8 }, `daysBack: ${BAD_DAYS_BACK}`);
    await refused({ performers: ["ann", "bea"], daysBack: "30" }, `daysBack: ${BAD_DAYS_BACK}`);
    await refused({ performers: ["ann", "bea"] }, `daysBack: ${BAD_DAYS_BACK}`);
    expect(BAD_DAYS_BACK).toBe("expected daysBack of 7, 30, 90 or 365");
  });

  it("answers any hostile body with a 200 or a 400 in the one error shape, never a 500", async () => {
    const name = fc.oneof(
      fc.string({ maxLength: 70 }),
      fc.constantFrom(
        "ann",
        "bea",
        "gone",
        "ANN",
        "'; DROP TABLE performers; --",
        "\u0000",
        "a".repeat(65),
        "%",
      ),
      fc.integer(),
      fc.constant(null),
    );
    const body = fc.oneof(
      fc.record(
        {
          performers: fc.oneof(fc.array(name, { maxLength: 7 }), name, fc.object()),
          daysBack: fc.oneof(
            fc.constantFrom(7, 30, 90, 365, 0, -1, 1e9, "7", null),
            fc.double(),
            fc.string(),
          ),
        },
        { requiredKeys: [] },
      ),
      fc.jsonValue(),
    );
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        const response = await site.app.inject({
          method: "POST",
          url: "/v1/compare_performers",
          payload: JSON.stringify(payload) ?? "null",
          headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        });
        expect([200, 400]).toContain(response.statusCode);
        if (response.statusCode === 400)
          expect(response.json().error.code).toMatch(/^(invalid_parameter|bad_request)$/);
      }),
      { numRuns: 150 },
    );
  });
});
