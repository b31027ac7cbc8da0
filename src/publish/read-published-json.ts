import { readFile, stat } from "node:fs/promises";
import type { z } from "zod";
import { namedCache } from "../cache/named-cache.ts";
import { resolveUnder } from "./write-file.ts";

/**
 * A published JSON file (docs/published-files.md) read by a page loader or the sitemap straight
 * from PUBLISH_DIR, the directory the server also serves under /stats and /api: null when it is not
 * there (a day or a list that was never published). A file that is there but does not match its schema is an
 * error, not a missing page: the publisher and the page disagree, and the log should say so.
 */
export async function readPublishedJson<T>(
  publishDir: string,
  urlPath: string,
  schema: z.ZodType<T>,
): Promise<T | null> {
  const file = resolveUnder(publishDir, urlPath);
  let text: string;
  let version: string;
  try {
    const info = await stat(file);
    version = `${info.mtimeMs}:${info.size}`;
    const cached = parsedFiles.get(file);
    if (cached?.version === version && cached.schema === schema) return cached.data as T;
    text = await readFile(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // ENOTDIR: a part of the path is a file, so this file cannot be there either.
    if (code === "ENOENT" || code === "ENOTDIR") return null;
    throw error;
  }
  const parsed = schema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`${urlPath} does not match its schema: ${parsed.error.message}`);
  parsedFiles.set(file, { version, schema, data: parsed.data });
  return parsed.data;
}

/**
 * Parsed and checked files, by path, kept while the file's modification time and size stay the
 * same: a page reads up to six files, and reading, parsing and checking them again on every view
 * was most of its render time. A file rewritten by the daily job (or a rebuild) is read afresh.
 */
const parsedFiles = namedCache<string, { version: string; schema: unknown; data: unknown }>({
  name: "published-json",
  key: "the file's path (the entry holds its modification time and size, and the schema it was checked by)",
  bound: { entries: 500 },
  ttlMs: Number.POSITIVE_INFINITY,
});
