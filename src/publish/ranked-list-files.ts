import { inRankingGender } from "../stats/rankings/genders.ts";
import { type RankOrder, rankedRows, ranksOf, type Scored, topOf } from "../stats/rankings/ranked-rows.ts";
import { RANKING_GENDERS, type RankingGender } from "../stats/rankings/vocabulary.ts";
import type { StorageOrDir } from "../storage/storage.ts";
import { type PublishedFile, publishJson } from "./write-file.ts";

/** Ranked lists of the whole site hold 500 rows (10 pages of 50); tag and location lists 100. */
export const SITE_LIST_SIZE = 500;
export const SUBSET_LIST_SIZE = 100;

/** The performers of a day's 30-day window, indexed the ways lists select them. */
export interface Pool {
  byGender: Map<RankingGender, Scored[]>;
  /** By window tag and ranking gender: "tag\u0000gender". */
  byTagGender: Map<string, Scored[]>;
  /** By country code and ranking gender: "CO\u0000gender". */
  byCountryGender: Map<string, Scored[]>;
}

const key = (a: string, gender: RankingGender) => `${a}\u0000${gender}`;

function push(map: Map<string, Scored[]>, k: string, p: Scored): void {
  const list = map.get(k);
  if (list) list.push(p);
  else map.set(k, [p]);
}

export function poolOf(performers: Scored[], excludedUsername: string | undefined): Pool {
  const pool: Pool = { byGender: new Map(), byTagGender: new Map(), byCountryGender: new Map() };
  for (const gender of RANKING_GENDERS) pool.byGender.set(gender, []);
  for (const p of performers) {
    if (p.username === excludedUsername) continue;
    for (const gender of RANKING_GENDERS) {
      if (!inRankingGender(p.gender, gender)) continue;
      pool.byGender.get(gender)?.push(p);
      for (const tag of p.windowTags) push(pool.byTagGender, key(tag, gender), p);
      if (p.country) push(pool.byCountryGender, key(p.country, gender), p);
    }
  }
  return pool;
}

/** One list: where it goes, how it is ordered and cut, and which of a pool's performers it takes. */
export interface ListSpec {
  path: string;
  order: RankOrder;
  limit: number;
  select: (pool: Pool) => Scored[] | undefined;
}

export const ofGender = (gender: RankingGender) => (pool: Pool) => pool.byGender.get(gender);
export const ofTag = (tag: string, gender: RankingGender) => (pool: Pool) =>
  pool.byTagGender.get(key(tag, gender));
export const ofCountry = (country: string, gender: RankingGender) => (pool: Pool) =>
  pool.byCountryGender.get(key(country, gender));

/**
 * Writes each list from the current pool, with pr from the same list over the previous day's pool
 * (the previous edition, recomputed rather than read back, so a rebuild needs nothing published).
 */
export async function publishRankedLists(
  root: StorageOrDir,
  specs: ListSpec[],
  current: Pool,
  previous: Pool,
): Promise<PublishedFile[]> {
  const files: PublishedFile[] = [];
  for (const spec of specs) {
    const top = topOf(spec.select(current) ?? [], spec.order, spec.limit);
    const before = ranksOf(topOf(spec.select(previous) ?? [], spec.order, spec.limit));
    files.push(await publishJson(root, spec.path, rankedRows(top, before)));
  }
  return files;
}
