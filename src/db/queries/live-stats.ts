import { sql } from "kysely";
import type { LiveStats } from "../../types/live-stats.ts";
import type { Db } from "../connect.ts";

/** The steps of the 24-hour series. */
export const LIVE_STEP_MINUTES = 10;
const STEPS = (24 * 60) / LIVE_STEP_MINUTES;

interface PollRow {
  observed_at: Date;
  rooms: number;
  viewers: number;
  rooms_f: number;
  rooms_m: number;
  rooms_c: number;
  rooms_t: number;
  viewers_f: number;
  viewers_m: number;
  viewers_c: number;
  viewers_t: number;
}

/**
 * The platform now (the latest complete poll: a partial one misses rooms), the poll nearest to a
 * day before it, and the 24 hours up to it in 10-minute steps. Polls count every public room the
 * collector kept, so opted-out performers, never stored, are in none of them.
 */
export async function liveStats(db: Db): Promise<LiveStats> {
  const { rows: latest } = await sql<PollRow>`
    SELECT observed_at, rooms, viewers, rooms_f, rooms_m, rooms_c, rooms_t,
      viewers_f, viewers_m, viewers_c, viewers_t
    FROM polls WHERE status = 'complete'
    ORDER BY observed_at DESC LIMIT 1`.execute(db);
  const poll = latest[0];
  if (poll === undefined) return { observedAt: null, now: null, dayBefore: null, last24h: [] };
  const at = poll.observed_at.toISOString();

  const [before, series] = await Promise.all([
    sql<{ observed_at: Date; rooms: number; viewers: number }>`
      SELECT observed_at, rooms, viewers FROM polls
      WHERE status = 'complete'
        AND observed_at BETWEEN ${at}::timestamptz - interval '24 hours 30 minutes'
                            AND ${at}::timestamptz - interval '23 hours 30 minutes'
      ORDER BY abs(extract(epoch FROM observed_at - (${at}::timestamptz - interval '24 hours')))
      LIMIT 1`.execute(db),
    sql<{ step: Date; rooms: number; viewers: number }>`
      SELECT date_bin(${`${LIVE_STEP_MINUTES} minutes`}::interval, observed_at, TIMESTAMPTZ '2000-01-01') AS step,
        round(avg(rooms))::integer AS rooms, round(avg(viewers))::bigint AS viewers
      FROM polls
      WHERE status = 'complete' AND observed_at > ${at}::timestamptz - interval '24 hours'
        AND observed_at <= ${at}::timestamptz
      GROUP BY 1`.execute(db),
  ]);

  // Every step of the 24 hours, the empty ones too: a gap in the collection shows as a gap.
  const byStep = new Map(series.rows.map((r) => [r.step.getTime(), r]));
  const stepMs = LIVE_STEP_MINUTES * 60_000;
  const lastStep = Math.floor(poll.observed_at.getTime() / stepMs) * stepMs;
  const last24h: LiveStats["last24h"] = [];
  for (let i = STEPS - 1; i >= 0; i--) {
    const t = lastStep - i * stepMs;
    const row = byStep.get(t);
    last24h.push({ at: new Date(t).toISOString(), rooms: row?.rooms ?? null, viewers: row?.viewers ?? null });
  }

  const b = before.rows[0];
  return {
    observedAt: at,
    now: {
      rooms: poll.rooms,
      viewers: poll.viewers,
      byGender: {
        f: { rooms: poll.rooms_f, viewers: poll.viewers_f },
        m: { rooms: poll.rooms_m, viewers: poll.viewers_m },
        c: { rooms: poll.rooms_c, viewers: poll.viewers_c },
        t: { rooms: poll.rooms_t, viewers: poll.viewers_t },
      },
    },
    dayBefore:
      b === undefined
        ? null
        : { observedAt: b.observed_at.toISOString(), rooms: b.rooms, viewers: b.viewers },
    last24h,
  };
}
