import type { PollSummary } from "../collect/poll.ts";
import type { Db } from "../db/connect.ts";
import {
  type FoundOptoutCode,
  pendingCodesAmong,
  pendingCodesInStoredAboutMe,
  spendOptoutCode,
} from "../db/queries/optout-codes.ts";
import type { Logger } from "../log.ts";
import type { ParsedRoom } from "../platform/parse-room.ts";
import { optoutCodesIn } from "./optout-code-rules.ts";

export interface OptoutCodeDeps {
  db: Db;
  log?: Logger;
}

/** A text only its performer can write: a room subject, or an about-me read just now. */
export interface PerformerText {
  username: string;
  text: string | null;
}

/** Uses each code found, in the order the codes were made; returns those that acted. */
async function spendAll(
  deps: OptoutCodeDeps,
  found: FoundOptoutCode[],
  now: Date,
): Promise<FoundOptoutCode[]> {
  const used: FoundOptoutCode[] = [];
  for (const code of found) {
    if (!(await spendOptoutCode(deps.db, code, now))) continue;
    used.push(code);
    deps.log?.info(
      `opt-out codes: ${code.username} ${code.action === "out" ? "opted out" : "opted back in"} by a code`,
    );
  }
  return used;
}

/**
 * The pending codes that `texts` hold, each in its own performer's text only, used (decision 0044).
 * Texts without a code cost no query.
 */
export async function actOnOptoutCodes(
  deps: OptoutCodeDeps,
  texts: readonly PerformerText[],
  now: Date,
): Promise<FoundOptoutCode[]> {
  const seen = texts.flatMap(({ username, text }) => optoutCodesIn(text).map((code) => ({ username, code })));
  return spendAll(deps, await pendingCodesAmong(deps.db, seen, now), now);
}

/**
 * The check after each stored poll: the codes in the sweep's room subjects, read from memory (an
 * opted-out performer's room is never stored, and it is where an opt-back-in code appears), then
 * those in the stored about-me texts.
 */
export async function checkOptoutCodes(
  deps: OptoutCodeDeps,
  rooms: readonly ParsedRoom[],
  now: Date,
): Promise<FoundOptoutCode[]> {
  const fromSubjects = await actOnOptoutCodes(
    deps,
    rooms.map((room) => ({ username: room.username, text: room.subject })),
    now,
  );
  const fromAboutMe = await spendAll(deps, await pendingCodesInStoredAboutMe(deps.db, now), now);
  return [...fromSubjects, ...fromAboutMe];
}

/**
 * The check as the live collector's afterStore hook, over every room the sweep saw (opted-out ones
 * included), after each poll that stored rooms, at the wall clock's time (codes expire on it).
 */
export function optoutCodesHook(
  deps: OptoutCodeDeps,
  now: () => number = Date.now,
): (
  summary: PollSummary,
  publicUsernames: string[],
  kept: readonly ParsedRoom[],
  seen: readonly ParsedRoom[],
) => Promise<void> {
  return async (summary, _publicUsernames, _kept, seen) => {
    if (!summary.written || summary.status === "failed") return;
    await checkOptoutCodes(deps, seen, new Date(now()));
  };
}
