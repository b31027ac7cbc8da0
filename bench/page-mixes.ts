import pg from "pg";

/**
 * The address mixes of `npm run bench:pages`: pages that visitors ask for at many addresses (one per
 * performer, one per search), where the server's page cache seldom holds the page asked for. A
 * mix is a list of distinct addresses built from the benchmark's own database, long enough that
 * no address is asked for twice during a run (the warm-up, the renders timed alone and the paced
 * load each take their own slice), so what is measured is the render, not the cache.
 *
 * - `@performers`: performer pages `/{username}` of performers picked evenly by a hash of the name
 *   (neither only the famous nor only the forgotten);
 * - `@search`: search pages: name parts of 2 to 4 letters taken from usernames (`/search?search=`,
 *   then `/search/{gender}?search=`), each gender's page and its pages 2 to 5, and each gender's 40
 *   most used tags (`/search/{gender}/{tag}`).
 */
export const MIXES = ["@performers", "@search"] as const;
export type MixName = (typeof MIXES)[number];

export function isMix(spec: string): spec is MixName {
  return (MIXES as readonly string[]).includes(spec);
}

/** The search page's gender words and their feed codes (SPEC §3: trans searches as s). */
const SEARCH_GENDERS = [
  ["female", "f"],
  ["male", "m"],
  ["couples", "c"],
  ["trans", "t"],
] as const;

export async function mixPaths(databaseUrl: string, mix: MixName, count: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    if (mix === "@performers") {
      const { rows } = await client.query<{ username: string }>(
        `SELECT p.username
         FROM performers p
         WHERE NOT EXISTS (SELECT 1 FROM optouts o WHERE o.username = p.username)
         ORDER BY md5(p.username)
         LIMIT $1`,
        [count],
      );
      return rows.map((r) => `/${r.username}`);
    }
    const paths = new Set<string>(["/search", ...SEARCH_GENDERS.map(([word]) => `/search/${word}`)]);
    // Later pages of the big lists, which surely have them (a name part's results may not).
    for (const page of [2, 3, 4, 5]) {
      paths.add(`/search?page=${page}`);
      for (const [word] of SEARCH_GENDERS) paths.add(`/search/${word}?page=${page}`);
    }
    for (const [word, code] of SEARCH_GENDERS) {
      const { rows } = await client.query<{ tag: string }>(
        `SELECT t.tag
         FROM performers p, unnest(p.tags) AS t(tag)
         WHERE p.gender = $1 AND t.tag ~ '^[a-z0-9_-]+$'
         GROUP BY t.tag
         ORDER BY count(*) DESC, t.tag
         LIMIT 40`,
        [code],
      );
      for (const { tag } of rows) paths.add(`/search/${word}/${tag}`);
    }
    const { rows } = await client.query<{ username: string }>(
      "SELECT username FROM performers ORDER BY md5(username || 'search') LIMIT $1",
      [count],
    );
    const terms: string[] = [];
    for (const [i, { username }] of rows.entries()) {
      const letters = username.replace(/[^a-z]/g, "");
      const length = 2 + (i % 3);
      if (letters.length < length) continue;
      const start = i % Math.max(1, letters.length - length + 1);
      const term = letters.slice(start, start + length);
      terms.push(term);
      paths.add(`/search?search=${term}`);
      if (paths.size >= count) break;
    }
    // Name parts repeat among 20,000 names: each part within each gender too, so that a long run
    // still asks for each address once.
    for (const [i, term] of terms.entries()) {
      if (paths.size >= count) break;
      paths.add(`/search/${SEARCH_GENDERS[i % SEARCH_GENDERS.length]?.[0]}?search=${term}`);
    }
    return [...paths].slice(0, count);
  } finally {
    await client.end();
  }
}
