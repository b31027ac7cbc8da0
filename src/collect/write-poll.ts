import { sql } from "kysely";
import type { Db } from "../db/connect.ts";
import { type PerformerTouch, upsertPerformers } from "../db/queries/performers-upsert.ts";
import { graceCutoff, insertPoll, type PollRecord, type PollTotals } from "../db/queries/polls.ts";
import { type SightingRow, writeSightings } from "../db/queries/sightings-write.ts";
import { latestSessions, type SessionBounds } from "../db/queries/stream-sessions.ts";
import type { RoomProfile } from "../platform/parse-room.ts";
import type { RankedRoom } from "./rank.ts";
import { assignSession, boundsAfter } from "./sessions.ts";

export interface WriteResult {
  /** false when a poll for the same instant was already recorded: nothing was written. */
  written: boolean;
  pollId: number | null;
  snapshots: number;
  sessions: number;
  /** Performer rows written (new, changed, or due a touch); the rest were unchanged. */
  performersWritten: number;
  /** Milliseconds spent in each step, for the poll's log line and the benchmark. */
  timings: { performers: number; sessionsRead: number; sightings: number; commit: number; total: number };
}

export function pollTotals(rooms: RankedRoom[]): PollTotals {
  const byGender: PollTotals["byGender"] = {
    f: { rooms: 0, viewers: 0 },
    m: { rooms: 0, viewers: 0 },
    c: { rooms: 0, viewers: 0 },
    t: { rooms: 0, viewers: 0 },
  };
  let viewers = 0;
  let hdRooms = 0;
  for (const room of rooms) {
    viewers += room.viewers ?? 0;
    if (room.profile.is_hd === true) hdRooms++;
    if (room.gender) {
      byGender[room.gender].rooms++;
      byGender[room.gender].viewers += room.viewers ?? 0;
    }
  }
  return { rooms: rooms.length, viewers, byGender, hdRooms };
}

/**
 * performers.last_seen and .followers are rewritten at least this often for a performer online;
 * in between, only a changed profile is written. The exact last sighting and follower count are
 * the latest session's end_time and followers_end, which every poll writes.
 */
export const PERFORMER_TOUCH_MS = 10 * 60_000;
/** Cached state of performers not seen for this long is dropped (re-read from the database if needed). */
const CACHE_TTL_MS = 3 * 3600_000;

interface KnownPerformer {
  id: number;
  /** Tags and subject last written to the performer's latest session: unchanged ones are not resent. */
  sessionTags: string[] | null;
  sessionSubject: string | null;
  /** The profile last written. */
  profile: RoomProfile;
  /** When last_seen is due a rewrite: spread over the touch period by id, so no poll touches all. */
  touchDueAt: number;
}

/** The next touch after a write: once per period, at a phase set by the id (a tenth of performers a poll). */
function nextTouch(writtenAt: number, performerId: number): number {
  const phase = ((performerId % 10) * PERFORMER_TOUCH_MS) / 10;
  return Math.floor((writtenAt - phase) / PERFORMER_TOUCH_MS + 1) * PERFORMER_TOUCH_MS + phase;
}

function sameTags(a: string[] | null | undefined, b: string[] | null | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Whether writing this profile would change nothing: every field as last written, followers left
 * out (they change nearly every poll). Absent and null differ, which at worst costs a write that
 * changes nothing. Compared field by field: building and comparing key strings cost ~30 ms a poll.
 */
function sameProfile(a: RoomProfile, b: RoomProfile): boolean {
  return (
    a.display_name === b.display_name &&
    a.gender === b.gender &&
    a.age === b.age &&
    a.birthday === b.birthday &&
    a.country === b.country &&
    a.location === b.location &&
    a.languages === b.languages &&
    a.room_subject === b.room_subject &&
    a.is_hd === b.is_hd &&
    a.is_new === b.is_new &&
    sameTags(a.tags, b.tags)
  );
}

/**
 * Writes polls: the poll row, the performers, the snapshots and the sessions, in one transaction
 * and one statement per table. Either all of a poll is committed or none (a kill -9 at any point
 * loses only the poll in flight); a poll whose instant is already recorded writes nothing.
 *
 * It remembers what it wrote (profiles, each performer's latest session) so that a poll sends only
 * what changed. That memory is trusted only while this writer wrote the latest poll in the
 * database; if anything else wrote one since (another collector, the history build), it is dropped
 * and re-read, so the stored result is the same as without it.
 */
export class PollWriter {
  private lastPollId: number | null = null;
  private readonly performers = new Map<string, KnownPerformer>();
  private readonly sessions = new Map<number, SessionBounds>();
  private pollsSinceEviction = 0;

  constructor(
    private readonly db: Db,
    private readonly options: { graceWindowPolls: number },
  ) {}

  private forget(): void {
    this.performers.clear();
    this.sessions.clear();
    this.lastPollId = null;
  }

  private evict(nowMs: number): void {
    if (++this.pollsSinceEviction < 30) return;
    this.pollsSinceEviction = 0;
    for (const [name, known] of this.performers) {
      // A performer's last sighting is its latest session's end.
      if (nowMs - (this.sessions.get(known.id)?.end ?? 0) > CACHE_TTL_MS) {
        this.performers.delete(name);
        this.sessions.delete(known.id);
      }
    }
  }

  async write(poll: PollRecord, rooms: RankedRoom[]): Promise<WriteResult> {
    const observedMs = poll.observedAt.getTime();
    const staged = {
      performers: new Map<string, KnownPerformer>(),
      sessions: new Map<number, SessionBounds>(),
    };
    let result: WriteResult;
    const started = performance.now();
    let lap = started;
    const timings = { performers: 0, sessionsRead: 0, sightings: 0, commit: 0, total: 0 };
    const took = () => {
      const now = performance.now();
      const ms = now - lap;
      lap = now;
      return Math.round(ms * 10) / 10;
    };
    try {
      result = await this.db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ id: number | null }>`SELECT MAX(poll_id) AS id FROM polls`.execute(trx);
        if ((rows[0]?.id ?? null) !== this.lastPollId) this.forget();

        const pollId = await insertPoll(trx, poll, pollTotals(rooms));
        const empty = { pollId, snapshots: 0, sessions: 0, performersWritten: 0, timings };
        if (pollId === null) return { ...empty, written: false };
        if (rooms.length === 0) return { ...empty, written: true };

        // Performers: new or changed ones in full; unchanged ones due a touch, only last_seen and followers.
        const changed: RankedRoom[] = [];
        const touches: PerformerTouch[] = [];
        for (const room of rooms) {
          const known = this.performers.get(room.username);
          if (!known || !sameProfile(known.profile, room.profile)) changed.push(room);
          else if (observedMs >= known.touchDueAt)
            touches.push({ performerId: known.id, followers: room.followers });
        }
        took();
        const written = await upsertPerformers(trx, changed, poll.observedAt, touches);
        timings.performers = took();
        const touchedIds = new Set(touches.map((t) => t.performerId));
        const writtenByName = new Map(written.map((r) => [r.username, r]));

        // Latest sessions: from memory, else one read for the performers we know nothing of.
        const ids = rooms.map(
          (room) => writtenByName.get(room.username)?.performer_id ?? this.performers.get(room.username)?.id,
        );
        const unknown = written
          .filter((r) => !r.inserted && !this.sessions.has(r.performer_id))
          .map((r) => r.performer_id);
        const loaded = await latestSessions(trx, unknown);
        const cutoff = await graceCutoff(trx, observedMs, this.options.graceWindowPolls);
        timings.sessionsRead = took();

        const sightings: SightingRow[] = [];
        rooms.forEach((room, i) => {
          const performerId = ids[i];
          if (performerId === undefined) return;
          const previous = this.sessions.get(performerId) ?? loaded.get(performerId) ?? null;
          const sighting = { observedAt: observedMs, secondsOnline: room.secondsOnline };
          const assigned = assignSession(previous, sighting, { graceCutoff: cutoff });
          const known = this.performers.get(room.username);
          const sameTopic =
            known !== undefined &&
            sameTags(known.sessionTags, room.tags) &&
            known.sessionSubject === room.subject;
          const resend = !assigned?.continued || !sameTopic;
          sightings.push({
            performerId,
            viewers: room.viewers,
            followers: room.followers,
            show: room.show,
            secondsOnline: room.secondsOnline,
            rank: room.rank,
            genderRank: room.genderRank,
            tags: resend ? room.tags : null,
            subject: resend ? room.subject : null,
            sessionStart: assigned?.start ?? null,
            continued: assigned?.continued ?? false,
          });
          if (assigned) staged.sessions.set(performerId, boundsAfter(previous, sighting, assigned));
          // Remember only what changed: most rooms of a poll change nothing the writer keeps.
          const wasWritten = writtenByName.has(room.username) || touchedIds.has(performerId);
          if (wasWritten || !known || !sameTopic) {
            staged.performers.set(room.username, {
              id: performerId,
              sessionTags: room.tags,
              sessionSubject: room.subject,
              profile: wasWritten || !known ? room.profile : known.profile,
              touchDueAt: wasWritten ? nextTouch(observedMs, performerId) : (known?.touchDueAt ?? 0),
            });
          }
        });
        const counts = await writeSightings(trx, pollId, poll.observedAt, sightings);
        timings.sightings = took();
        return {
          written: true,
          pollId,
          snapshots: counts.snapshots,
          sessions: counts.sessions,
          performersWritten: written.length + touches.length,
          timings,
        };
      });
      timings.commit = took();
      timings.total = Math.round((performance.now() - started) * 10) / 10;
    } catch (error) {
      this.forget();
      throw error;
    }
    // Committed: what was staged is now what the database holds.
    if (!result.written) {
      this.forget();
      return result;
    }
    this.lastPollId = result.pollId;
    for (const [name, known] of staged.performers) this.performers.set(name, known);
    for (const [id, state] of staged.sessions) this.sessions.set(id, state);
    this.evict(observedMs);
    return result;
  }
}
