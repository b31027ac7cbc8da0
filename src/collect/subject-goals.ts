import type { Db } from "../db/connect.ts";
import {
  type HistoricGoal,
  hasSubjectGoals,
  type PolledGoal,
  performerSubjects,
  type StoredSubject,
  storedSubjects,
  writeHistoricGoals,
  writePolledGoals,
} from "../db/queries/subject-goals-write.ts";
import type { Logger } from "../log.ts";
import type { ParsedRoom } from "../platform/parse-room.ts";
import type { PollSummary } from "./poll.ts";
import { parseSubjectGoal, type SubjectGoal } from "./subject-goal.ts";

/** How far back the backfill reads: the tip menu search shows goals seen within 90 days. */
export const BACKFILL_DAYS = 90;
const PAGE = 20_000;
const WRITE_BATCH = 5_000;

export interface SubjectGoalsDeps {
  db: Db;
  /** How long a goal may be out of sight and still be the same goal: the collector's session grace. */
  continueWithinMs: number;
  /**
   * An unchanged goal is written again within this long: at most the grace less one poll interval
   * (three quarters of the grace when not given).
   */
  touchMs?: number;
  log?: Logger;
}

/**
 * A subject's goal, remembered for the next poll: a room's subject mostly stays the same all
 * broadcast long, so each poll parses only the subjects that changed.
 */
export class GoalReader {
  private previous = new Map<string, SubjectGoal | null>();
  private current = new Map<string, SubjectGoal | null>();

  read(subject: string): SubjectGoal | null {
    let goal = this.current.get(subject);
    if (goal !== undefined) return goal;
    goal = this.previous.has(subject) ? (this.previous.get(subject) ?? null) : parseSubjectGoal(subject);
    this.current.set(subject, goal);
    return goal;
  }

  /** Ends a poll: what the next poll does not see again is forgotten. */
  next(): void {
    this.previous = this.current;
    this.current = new Map();
  }
}

const FORGET_AFTER_MS = 3600_000;

interface Written {
  itemKey: string;
  item: string;
  tokens: number;
  amountKind: "goal" | "left";
  gender: PolledGoal["gender"];
  /** The row's last_seen: the last poll that wrote it. */
  writtenAt: number;
  /** When an unchanged goal is written again (last_seen). */
  dueAt: number;
}

const jitter = (name: string) => {
  let h = 0;
  for (let i = 0; i < name.length; i++) h = (h * 31 + name.charCodeAt(i)) | 0;
  return ((h >>> 0) % 1000) / 1000;
};

/**
 * What this process last wrote of each performer's goal, so a poll sends only the goals that change
 * a row: new, another item, text or gender, a goal's new amount, more tokens left than the highest
 * known, back after a gap longer than the grace, or due a touch. An unchanged goal is written again
 * within `touchMs` (at a point spread per performer, so no poll rewrites them all), shorter than
 * the grace by a poll, so a goal that stays is never taken for one that went. The statement's rules
 * stay the authority (decision 0024); this mirrors them to leave out writes that change nothing.
 */
export class GoalMemory {
  private readonly byPerformer = new Map<string, Written>();
  private polls = 0;

  constructor(
    private readonly continueWithinMs: number,
    private readonly touchMs: number,
  ) {}

  due(goals: readonly PolledGoal[], at: number): PolledGoal[] {
    const out: PolledGoal[] = [];
    for (const goal of goals) {
      const known = this.byPerformer.get(goal.username);
      const continuing =
        known !== undefined &&
        known.itemKey === goal.itemKey &&
        at - known.writtenAt <= this.continueWithinMs;
      // The row as the statement would leave it.
      let tokens = goal.tokens;
      let amountKind = goal.amountKind;
      if (continuing && goal.amountKind === "left") {
        if (known.amountKind === "goal") [tokens, amountKind] = [known.tokens, "goal"];
        else tokens = Math.max(known.tokens, goal.tokens);
      }
      const unchanged =
        continuing &&
        known.item === goal.item &&
        known.gender === goal.gender &&
        known.tokens === tokens &&
        known.amountKind === amountKind &&
        at < known.dueAt;
      if (unchanged) continue;
      out.push(goal);
      this.byPerformer.set(goal.username, {
        itemKey: goal.itemKey,
        item: goal.item,
        tokens,
        amountKind,
        gender: goal.gender,
        writtenAt: at,
        dueAt: at + this.touchMs * (0.5 + jitter(goal.username) / 2),
      });
    }
    if (++this.polls % 30 === 0)
      for (const [name, known] of this.byPerformer)
        if (at - known.writtenAt > FORGET_AFTER_MS) this.byPerformer.delete(name);
    return out;
  }
}

/** The goals in a poll's rooms: only rooms whose subject holds one. */
export function polledGoals(rooms: readonly ParsedRoom[], reader: GoalReader): PolledGoal[] {
  const goals: PolledGoal[] = [];
  for (const room of rooms) {
    if (room.subject === null || room.subject === "") continue;
    const goal = reader.read(room.subject);
    if (goal !== null) goals.push({ username: room.username, gender: room.gender, ...goal });
  }
  reader.next();
  return goals;
}

/**
 * Fills subject_goals from the subjects already stored, when it is empty (a first start on data
 * collected before the table existed): every session's last subject and every performer's current
 * one of the 90 days before `now` (a poll at `now` writes its own), each pair's latest sighting kept. Running it twice changes nothing: a
 * table with rows is left alone, and an older sighting never replaces a newer one.
 */
export async function backfillSubjectGoals(deps: SubjectGoalsDeps, now: Date): Promise<number> {
  if (await hasSubjectGoals(deps.db)) return 0;
  const since = new Date(now.getTime() - BACKFILL_DAYS * 86_400_000);
  const pairs = new Map<string, HistoricGoal>();
  const take = (rows: readonly StoredSubject[]) => {
    for (const row of rows) {
      const goal = parseSubjectGoal(row.subject);
      if (goal === null) continue;
      const key = `${row.performerId} ${goal.itemKey}`;
      const known = pairs.get(key);
      if (known === undefined) {
        pairs.set(key, {
          performerId: row.performerId,
          ...goal,
          gender: row.gender,
          firstSeen: row.start,
          lastSeen: row.end,
        });
      } else if (row.end > known.lastSeen) {
        pairs.set(key, { ...known, ...goal, gender: row.gender ?? known.gender, lastSeen: row.end });
      }
      const kept = pairs.get(key);
      if (kept !== undefined && row.start < kept.firstSeen) kept.firstSeen = row.start;
    }
  };
  let after: { performerId: number; start: Date } | null = null;
  for (;;) {
    const page = await storedSubjects(deps.db, since, now, after, PAGE);
    take(page);
    const last = page.at(-1);
    if (last === undefined || page.length < PAGE) break;
    after = { performerId: last.performerId, start: last.start };
  }
  take(await performerSubjects(deps.db, since, now));
  const goals = [...pairs.values()];
  let written = 0;
  for (let i = 0; i < goals.length; i += WRITE_BATCH)
    written += await writeHistoricGoals(deps.db, goals.slice(i, i + WRITE_BATCH), deps.continueWithinMs);
  return written;
}

/**
 * The live collector's afterStore hook: after each stored poll, the goals in its rooms' subjects
 * that change a row, one statement. The first call backfills from the history when the table is
 * still empty.
 */
export function subjectGoalsHook(
  deps: SubjectGoalsDeps,
): (summary: PollSummary, publicUsernames: string[], rooms: readonly ParsedRoom[]) => Promise<void> {
  const reader = new GoalReader();
  const memory = new GoalMemory(deps.continueWithinMs, deps.touchMs ?? (deps.continueWithinMs * 3) / 4);
  let backfillChecked = false;
  return async (summary, _publicUsernames, rooms) => {
    if (!summary.written) return;
    if (!backfillChecked) {
      backfillChecked = true;
      const started = performance.now();
      const written = await backfillSubjectGoals(deps, summary.observedAt);
      if (written > 0)
        deps.log?.info(
          `subject goals: ${written} filled in from the history in ${Math.round(performance.now() - started)} ms`,
        );
    }
    const at = summary.observedAt.getTime();
    await writePolledGoals(
      deps.db,
      memory.due(polledGoals(rooms, reader), at),
      summary.observedAt,
      deps.continueWithinMs,
    );
  };
}
