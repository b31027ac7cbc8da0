import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/database.ts";
import { confirmOptout, insertPerformer } from "../../../tests/helpers/fixtures.ts";
import { closestNames, nameSeen, takenAmong } from "./name-lookup.ts";

describe("the name picker's queries", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
    await insertPerformer(t.db, { username: "rosegold", lastSeen: "2026-11-20T10:00:00Z" });
    await insertPerformer(t.db, { username: "rosegold7", lastSeen: "2026-11-24T10:00:00Z" });
    await insertPerformer(t.db, { username: "itsrose" });
    await insertPerformer(t.db, { username: "rose_gold" });
    await confirmOptout(t.db, "rose_gold");
  });
  afterAll(async () => {
    await t?.drop();
  });

  it("says which candidates are taken, opted-out performers' names included", async () => {
    const taken = await takenAmong(t.db, ["rosegold", "rose_gold", "goldrose", "itsrose", "rose%"]);
    expect([...taken].sort()).toEqual(["itsrose", "rose_gold", "rosegold"]);
    expect(await takenAmong(t.db, [])).toEqual(new Set());
  });

  it("gives a name's last sighting, none for an opted-out performer", async () => {
    expect(await nameSeen(t.db, "rosegold")).toEqual({
      taken: true,
      lastSeen: Date.parse("2026-11-20T10:00:00Z"),
    });
    expect(await nameSeen(t.db, "rose_gold")).toEqual({ taken: true, lastSeen: null });
    expect(await nameSeen(t.db, "goldrose")).toEqual({ taken: false, lastSeen: null });
  });

  it("gives the closest names with their last sightings, never an opted-out one", async () => {
    const closest = await closestNames(t.db, "rosegold", 10);
    expect(closest).toContainEqual({ name: "rosegold7", lastSeen: Date.parse("2026-11-24T10:00:00Z") });
    expect(closest.map((c) => c.name)).not.toContain("rosegold");
    expect(closest.map((c) => c.name)).not.toContain("rose_gold");
  });
});
