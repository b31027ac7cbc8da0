import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/database.ts";
import { insertPerformer } from "../../../tests/helpers/fixtures.ts";
import { storeBios } from "./performer-bios.ts";

describe("storeBios", () => {
  let t: TestDatabase;
  let ann: number;
  beforeAll(async () => {
    t = await createTestDatabase();
    ann = await insertPerformer(t.db, { username: "ann" });
  });
  afterAll(() => t.drop());

  const stored = async () =>
    (
      await sql<{ about_me: string; fetched_at: Date; changed_at: Date }>`
        SELECT about_me, fetched_at, changed_at FROM performer_bios WHERE performer_id = ${ann}`.execute(t.db)
    ).rows[0];

  it("moves changed_at only when a refetch finds a different text", async () => {
    const day = (d: number) => new Date(Date.UTC(2026, 10, d));
    await storeBios(t.db, [{ performerId: ann, aboutMe: "hello", fetchedAt: day(1) }]);
    expect(await stored()).toEqual({ about_me: "hello", fetched_at: day(1), changed_at: day(1) });
    await storeBios(t.db, [{ performerId: ann, aboutMe: "hello", fetchedAt: day(8) }]);
    expect(await stored()).toEqual({ about_me: "hello", fetched_at: day(8), changed_at: day(1) });
    await storeBios(t.db, [{ performerId: ann, aboutMe: "hello again", fetchedAt: day(15) }]);
    expect(await stored()).toEqual({ about_me: "hello again", fetched_at: day(15), changed_at: day(15) });
  });
});
