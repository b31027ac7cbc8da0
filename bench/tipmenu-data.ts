import { sql } from "kysely";
import { itemKeyOf } from "../src/collect/subject-goal.ts";
import type { Db } from "../src/db/connect.ts";

/** The data and the search mix of `npm run bench:tipmenu` (bench/tipmenu.ts). */

export const MENUS = 200;
const DAY = 86_400_000;

/** Goal items as performers write them: the sandbox's and a few dozen more. */
const ITEMS = [
  "oil show",
  "dance naked",
  "show feet",
  "squirt",
  "strip",
  "cum show",
  "spin the wheel",
  "twerk",
  "flash boobs",
  "flash ass",
  "pm",
  "naked dance",
  "striptease",
  "shower show",
  "anal show",
  "blowjob",
  "deepthroat",
  "doggy",
  "ride dildo",
  "spank ass",
  "lovense max",
  "control my toy",
  "snap",
  "kiss",
  "smoke",
  "feet worship",
  "oil on boobs",
  "bra off",
  "panties off",
  "roleplay",
  "cosplay",
  "ahegao",
  "joi",
  "cei",
  "c2c",
  "pvt",
  "dildo show",
  "fingering",
  "toy show",
  "domi high",
  "hair down",
  "pussy play",
  "nipple clamps",
  "ice cube",
  "wax play",
  "choke",
  "slap",
  "spit",
  "belly dance",
  "lap dance",
  "pole dance",
  "sexy dance",
  "shake ass",
  "tits bounce",
  "feet in face",
  "pantyhose",
  "stockings on",
  "heels on",
  "glasses on",
  "lick nipples",
];
/** The spellings of one item: as is, capitals and marks, the spaces gone, a trailing detail. */
const SPELLINGS = [
  (item: string) => item,
  (item: string) => `${item.toUpperCase()}!!`,
  (item: string) => item.replace(/ /g, ""),
  (item: string) => `${item} 5 min`,
  (item: string) => `hot ${item}`,
];
const GENDERS = ["f", "f", "f", "f", "m", "c", "t"] as const;

/** A small deterministic generator, so every run loads the same rows. */
function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function fillGoals(
  db: Db,
  now: number,
  counts: { goals: number; performers: number },
): Promise<void> {
  const { goals: GOALS, performers: PERFORMERS } = counts;
  await sql`
    INSERT INTO performers (username, display_name, gender, first_seen, last_seen)
    SELECT 'performer' || n, 'Performer ' || n, (ARRAY['f','f','f','f','m','c','t'])[1 + n % 7],
      ${new Date(now - 200 * DAY)}, ${new Date(now)}
    FROM generate_series(1, ${PERFORMERS}) AS n`.execute(db);
  const random = mulberry32(20);
  const seen = new Set<string>();
  const rows: {
    id: number;
    key: string;
    item: string;
    tokens: number;
    kind: string;
    gender: string;
    at: Date;
  }[] = [];
  while (rows.length < GOALS) {
    const id = 1 + Math.floor(random() * PERFORMERS);
    const base = ITEMS[Math.floor(random() * ITEMS.length)] as string;
    const item = (SPELLINGS[Math.floor(random() * SPELLINGS.length)] as (i: string) => string)(base);
    const key = itemKeyOf(item);
    if (seen.has(`${id} ${key}`)) continue;
    seen.add(`${id} ${key}`);
    rows.push({
      id,
      key,
      item,
      tokens: 10 + Math.floor(random() * random() * 3000),
      kind: random() < 0.4 ? "left" : "goal",
      gender: GENDERS[id % 7] as string,
      at: new Date(now - Math.floor(random() * 120 * DAY)),
    });
  }
  for (let i = 0; i < rows.length; i += 10_000) {
    const batch = rows.slice(i, i + 10_000);
    await sql`
      INSERT INTO subject_goals (performer_id, item_key, item, tokens, amount_kind, gender, first_seen, last_seen)
      SELECT * , u.at FROM unnest(${batch.map((r) => r.id)}::bigint[], ${batch.map((r) => r.key)}::text[],
        ${batch.map((r) => r.item)}::text[], ${batch.map((r) => r.tokens)}::int[], ${batch.map((r) => r.kind)}::text[],
        ${batch.map((r) => r.gender)}::text[], ${batch.map((r) => r.at)}::timestamptz[])
        AS u (id, key, item, tokens, kind, gender, at)`.execute(db);
  }
  // Verified performers with a tip menu of 20 lines each.
  await sql`
    INSERT INTO users (email) SELECT 'menu' || n || '@example.com' FROM generate_series(1, ${MENUS}) AS n`.execute(
    db,
  );
  await sql`
    INSERT INTO performer_owners (performer_id, user_id, verified_at)
    SELECT row_number() OVER (ORDER BY email) * 97, id, now() FROM users`.execute(db);
  const menu = (n: number) =>
    JSON.stringify(
      Array.from({ length: 20 }, (_, i) => {
        const item = ITEMS[(n + i * 7) % ITEMS.length] as string;
        return { item, itemKey: itemKeyOf(item), tokens: 20 + ((n * 31 + i * 17) % 900) };
      }),
    );
  const owners = await sql<{ performer_id: number }>`SELECT performer_id FROM performer_owners`.execute(db);
  for (const { performer_id } of owners.rows)
    await sql`INSERT INTO performer_profiles (performer_id, tip_menu) VALUES (${performer_id}, ${menu(performer_id)}::jsonb)`.execute(
      db,
    );
  await sql`ANALYZE`.execute(db);
}

/** The searches of the mix: terms performers and fans would type, every gender, some ranges. */
export function searches(): { body: string; page: string }[] {
  const terms = [
    "oil show",
    "dance",
    "squirt",
    "show",
    "naked dance",
    "pm",
    "feet",
    "oilshow",
    "strip",
    "lovense",
  ];
  const genders = [
    ["all", "all"],
    ["f", "female"],
    ["m", "male"],
    ["c", "couples"],
    ["s", "trans"],
  ] as const;
  const ranges = [
    [0, 1_000_000],
    [100, 500],
    [0, 99],
  ] as const;
  const out: { body: string; page: string }[] = [];
  terms.forEach((term, i) => {
    for (const [j, [code, word]] of genders.entries()) {
      const [min, max] = ranges[(i + j) % ranges.length] as readonly [number, number];
      out.push({
        body: JSON.stringify({ searchTerm: term, gender: code, minTokens: min, maxTokens: max }),
        page: `/tipmenu/${encodeURIComponent(term)}/${word}${min === 0 && max === 1_000_000 ? "" : `?min=${min}&max=${max}`}`,
      });
    }
  });
  return out;
}
