import { readFile } from "node:fs/promises";
import type { z } from "zod";
import { resolveUnder } from "../../publish/write-file.ts";

/**
 * A published JSON file (docs/published-files.md) read by a page loader straight from PUBLISH_DIR,
 * the directory the server also serves under /stats and /api: null when it is not there (a day or
 * a list that was never published). A file that is there but does not match its schema is an
 * error, not a missing page: the publisher and the page disagree, and the log should say so.
 */
export async function readPublishedJson<T>(
  publishDir: string,
  urlPath: string,
  schema: z.ZodType<T>,
): Promise<T | null> {
  let text: string;
  try {
    text = await readFile(resolveUnder(publishDir, urlPath), "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // ENOTDIR: a part of the path is a file, so this file cannot be there either.
    if (code === "ENOENT" || code === "ENOTDIR") return null;
    throw error;
  }
  const parsed = schema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`${urlPath} does not match its schema: ${parsed.error.message}`);
  return parsed.data;
}
