import type { Storage } from "../storage/storage.ts";
import { schemaForPath } from "./file-schemas.ts";

export interface PublishedCheck {
  /** JSON files read and checked. */
  checked: number;
  /** One line per problem: the file's path, then what is wrong. */
  problems: string[];
  /** The manifest's span, when there is one. */
  manifest: { latest: string; days: string[] } | null;
}

/**
 * Reads every published JSON file of the store (a directory or a bucket) and checks it against its
 * family's schema (file-schemas.ts), and that each has its .gz and .br beside it.
 */
export async function checkPublishedFiles(store: Storage): Promise<PublishedCheck> {
  const keys = (await store.list("")).map((o) => o.key);
  const all = new Set(keys);
  const problems: string[] = [];
  let checked = 0;
  const readJson = async (key: string): Promise<unknown> => {
    const object = await store.get(key);
    if (object === null) throw new Error(`/${key}: gone while it was being checked`);
    return JSON.parse(object.bytes.toString("utf8"));
  };
  for (const key of keys.filter((k) => k.endsWith(".json"))) {
    checked++;
    const file = `/${key}`;
    const schema = schemaForPath(file);
    if (!schema) {
      problems.push(`${file}: no file family has this path`);
      continue;
    }
    let data: unknown;
    try {
      data = await readJson(key);
    } catch (error) {
      problems.push(
        `${file}: ${error instanceof SyntaxError ? `not JSON (${error.message})` : String(error)}`,
      );
      continue;
    }
    const parsed = schema.safeParse(data);
    if (!parsed.success) problems.push(`${file}: ${parsed.error.message.replace(/\s+/g, " ").slice(0, 300)}`);
    for (const suffix of [".gz", ".br"])
      if (!all.has(key + suffix)) problems.push(`${file}: no ${suffix} beside it`);
  }
  // A manifest that failed its check is reported above; the summary then says there is none.
  const manifest =
    all.has("stats/manifest.json") && !problems.some((p) => p.startsWith("/stats/manifest.json: "))
      ? ((await readJson("stats/manifest.json")) as { latest: string; days: string[] })
      : null;
  return { checked, problems, manifest };
}
