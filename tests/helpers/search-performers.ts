import { sql } from "kysely";
import type { Db } from "../../src/db/connect.ts";
import { insertBio, insertPerformer, insertSession } from "./fixtures.ts";

/** How many performers searchPerformers writes, and how many of them are women. */
export const SEARCH_TOTAL = 124;
export const SEARCH_FEMALE = 121;
/** The bulk performers fill000..fill119: female, tagged bulk, every tenth also asian. */
export const BULK = 120;

/**
 * Performers for the search page's tests, seen relative to `now` (the search reads the real
 * clock in a browser test): ann is live (seen a minute ago), the rest are not. 124 in all, so that
 * the unfiltered search fills three pages of 50.
 */
export async function insertSearchPerformers(db: Db, now = Date.now()): Promise<void> {
  const at = (minutesBefore: number) => new Date(now - minutesBefore * 60_000).toISOString();
  const ann = await insertPerformer(db, {
    username: "ann",
    displayName: "Ann A",
    gender: "f",
    age: 23,
    country: "JP",
    followers: 5000,
    tags: ["asian", "cute"],
    lastSeen: at(1),
  });
  const bob = await insertPerformer(db, {
    username: "bob",
    gender: "m",
    followers: 700,
    tags: ["muscle"],
    lastSeen: at(2 * 1440 + 30),
  });
  const cara = await insertPerformer(db, {
    username: "cara",
    gender: "c",
    age: 30,
    country: "DE",
    followers: 12_000,
    tags: ["cute", "couple"],
    lastSeen: at(300),
  });
  await insertPerformer(db, {
    username: "dee",
    gender: "t",
    age: 25,
    followers: 300,
    tags: ["asian"],
    lastSeen: at(3 * 1440),
  });
  await sql`
    INSERT INTO performers (username, display_name, gender, age, tags, followers, first_seen, last_seen)
    SELECT 'fill' || lpad(i::text, 3, '0'), NULL, 'f', 18 + i % 40,
      CASE WHEN i % 10 = 0 THEN ARRAY['bulk', 'asian'] ELSE ARRAY['bulk'] END, i * 10, ${at(20_000)}, ${at(20_000)}
    FROM generate_series(0, ${BULK - 1}) i`.execute(db);
  await insertSession(db, { performerId: ann, start: at(60), end: at(1), maxViewers: 300 });
  await insertSession(db, { performerId: bob, start: at(3 * 1440), end: at(2 * 1440 + 30), maxViewers: 40 });
  await insertBio(db, ann, "I love dancing and travel");
  await insertBio(db, cara, "We love cooking and dancing together");
}
