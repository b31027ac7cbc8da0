import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Db } from "../../src/db/connect.ts";
import type { DayPublisher, PublishContext, PublishOptions } from "../../src/publish/context.ts";
import { resolveUnder } from "../../src/publish/write-file.ts";

/** A publish context on a temp directory of its own; `remove` deletes the directory. */
export async function testPublishContext(
  db: Db,
  options: Partial<PublishOptions> = {},
): Promise<PublishContext & { remove(): Promise<void> }> {
  const root = await mkdtemp(path.join(tmpdir(), "publish-test-"));
  return {
    db,
    root,
    options: { excludedUsername: undefined, tagMinPerformers: 2, ...options },
    remove: () => rm(root, { recursive: true, force: true }),
  };
}

export async function readPublishedBytes(context: PublishContext, urlPath: string): Promise<Buffer> {
  return readFile(resolveUnder(context.root, urlPath));
}

export async function readPublished(context: PublishContext, urlPath: string): Promise<unknown> {
  return JSON.parse((await readPublishedBytes(context, urlPath)).toString());
}

/**
 * Publishes the day twice and returns the bytes of every file it wrote: the second run must find
 * each file unchanged (same bytes, same ETag), the property a rebuild relies on.
 */
export async function publishTwice(
  publisher: DayPublisher,
  context: PublishContext,
  day: string,
): Promise<{ first: Awaited<ReturnType<DayPublisher>>; second: Awaited<ReturnType<DayPublisher>> }> {
  const first = await publisher(context, day);
  const second = await publisher(context, day);
  return { first, second };
}
