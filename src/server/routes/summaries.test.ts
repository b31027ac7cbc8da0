import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiGet, testApp } from "../../../tests/helpers/api.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/database.ts";
import { confirmOptout, insertPerformer, insertPerformerDay } from "../../../tests/helpers/fixtures.ts";

describe("the /v1 summaries", () => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let ann: number;
  let gone: number;

  beforeAll(async () => {
    t = await createTestDatabase();
    ann = await insertPerformer(t.db, { username: "ann" });
    gone = await insertPerformer(t.db, { username: "gone" });
    await insertPerformerDay(t.db, {
      performerId: ann,
      day: "2026-10-05",
      peakViewers: 120,
      followers: 900,
      followerGain: 30,
      minutesOnline: 90,
      bestRank: 40,
    });
    await insertPerformerDay(t.db, {
      performerId: ann,
      day: "2026-11-02",
      peakViewers: 300,
      followers: 950,
      followerGain: 50,
      minutesOnline: 30,
      bestRank: 12,
    });
    await insertPerformerDay(t.db, {
      performerId: ann,
      day: "2025-12-30",
      peakViewers: 999,
      followers: 870,
      minutesOnline: 60,
    });
    await confirmOptout(t.db, "gone");
    app = testApp(t.db);
  });
  afterAll(async () => {
    await app?.close();
    await t.drop();
  });

  const get = (url: string) => apiGet(app, url);

  it("gives a performer's year by name and by id, the same", async () => {
    const byName = await get("/v1/public/wrapped/Ann?year=2026");
    expect(byName.status).toBe(200);
    expect(byName.cache).toBe("public, max-age=300");
    expect(byName.body).toMatchObject({
      modelName: "ann",
      id: ann,
      year: 2026,
      hoursStreamed: 2,
      daysOnline: 2,
      peakViewers: { viewers: 300, day: "2026-11-02" },
      bestRank: { rank: 12, day: "2026-11-02" },
      followerGain: 80,
    });
    expect((await get(`/v1/wrapped/${ann}?year=2026`)).body).toEqual(byName.body);
    expect((await get(`/v1/wrapped/${ann}?year=2025`)).body).toMatchObject({
      year: 2025,
      peakViewers: { viewers: 999 },
    });
  });

  it("gives the 12 monthly summaries ending with a month", async () => {
    const { status, body } = await get(`/v1/monthly_summary/${ann}?month=2026-11`);
    expect(status).toBe(200);
    expect(body.months).toHaveLength(12);
    expect(body.months[0].month).toBe("2025-12");
    expect(body.months[11]).toMatchObject({
      month: "2026-11",
      minutesOnline: 30,
      peakViewers: 300,
      followers: 950,
    });
  });

  it.each([
    ["/v1/public/wrapped/nobody", 404, "unknown_performer", undefined],
    ["/v1/public/wrapped/gone", 404, "unknown_performer", undefined],
    ["/v1/wrapped/999999", 404, "unknown_performer", undefined],
    ["/v1/wrapped/abc", 400, "invalid_parameter", "id"],
    ["/v1/wrapped/0", 400, "invalid_parameter", "id"],
    ["/v1/public/wrapped/a%00b", 400, "invalid_parameter", "name"],
    ["/v1/public/wrapped/ann?year=1999", 400, "invalid_parameter", "year"],
    ["/v1/public/wrapped/ann?year=26", 400, "invalid_parameter", "year"],
    ["/v1/monthly_summary/1?month=2026-13", 400, "invalid_parameter", "month"],
    ["/v1/monthly_summary/999999", 404, "unknown_performer", undefined],
  ])("%s answers %i (%s)", async (url, status, code, parameter) => {
    const { status: got, body } = await get(url);
    expect(got).toBe(status);
    expect(body.error).toMatchObject({ status, code, ...(parameter ? { parameter } : {}) });
  });

  it("finds no opted-out performer by id either", async () => {
    expect((await get(`/v1/wrapped/${gone}`)).status).toBe(404);
    expect((await get(`/v1/monthly_summary/${gone}`)).status).toBe(404);
  });
});
