import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * The embedded sink's messages, one JSON file each under DATA_DIR/mail/: the sink (main process)
 * writes them, and /dev/mail in every server process reads them, so all processes see the same
 * mail without sharing memory. A file's name starts with the time it arrived, so names sort by
 * time; the newest MAX_KEPT are kept.
 */

export interface StoredMail {
  /** The file's name without `.json`: `{received ms, 13 digits}-{random hex}`. */
  id: string;
  /** The envelope's recipients (who the mail was delivered to, Bcc included), as sent. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string | null;
  links: string[];
  /** ISO 8601. */
  receivedAt: string;
  /** The RFC 8058 headers as sent (alerts' one-click unsubscribe), when there were any. */
  listUnsubscribe?: string | null;
  listUnsubscribePost?: string | null;
}

/** Enough for a developer's day of sign-ups and resets; older ones are deleted as new ones arrive. */
export const MAX_KEPT = 1000;

const FILE = /^(\d{13})-[0-9a-f]{8}\.json$/;

export function mailDir(dataDir: string): string {
  return path.join(dataDir, "mail");
}

/** A new message's id: its arrival time first, so that ids sort as the messages arrived. */
export function newMailId(receivedAtMs: number): string {
  return `${String(receivedAtMs).padStart(13, "0")}-${randomBytes(4).toString("hex")}`;
}

/** Writes one message (whole or not at all: a reader never sees half a file), then keeps the newest `keep`. */
export async function storeMail(dir: string, mail: StoredMail, keep = MAX_KEPT): Promise<void> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${mail.id}.json`);
  const partial = `${file}.${process.pid}.tmp`;
  await writeFile(partial, `${JSON.stringify(mail, null, 2)}\n`);
  await rename(partial, file);
  const names = await mailFileNames(dir);
  await Promise.all(names.slice(keep).map((name) => rm(path.join(dir, name), { force: true })));
}

/** The message files, newest first; none when the folder does not exist yet. */
async function mailFileNames(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  return names.filter((name) => FILE.test(name)).sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
}

/**
 * The newest messages, at most `limit`, only those delivered to `to` when given (compared without
 * case: mail systems route addresses so). A file deleted by the pruning while being listed is
 * skipped.
 */
export async function listMail(
  dir: string,
  options: { to?: string | undefined; limit: number },
): Promise<StoredMail[]> {
  const wanted = options.to?.toLowerCase();
  const found: StoredMail[] = [];
  for (const name of await mailFileNames(dir)) {
    if (found.length >= options.limit) break;
    const text = await readFile(path.join(dir, name), "utf8").catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return null;
      throw error;
    });
    if (text === null) continue;
    const mail = JSON.parse(text) as StoredMail;
    if (wanted === undefined || mail.to.some((to) => to.toLowerCase() === wanted)) found.push(mail);
  }
  return found;
}
