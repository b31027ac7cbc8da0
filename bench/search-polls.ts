import { sql } from "kysely";
import { arrayLiteral } from "../src/db/array-literal.ts";
import { connect } from "../src/db/connect.ts";
import { ensureSnapshotPartitions } from "../src/db/queries/partitions.ts";
import { generatePerformers } from "./search-data-rows.ts";

/**
 * Polls stored while a scenario of `npm run bench:search` runs, so a server following the polls
 * (issue 16) refreshes under load: every `everySeconds`, a complete poll one second after the last,
 * holding the last poll's rooms and `newPerformers` performers never seen before (stored, online,
 * with a session), as the collector would leave them. The search's clock stays at the data's
 * instant; polls a few seconds after it are still its current online list. Stopping deletes what
 * it stored.
 */

export interface PollFeedOptions {
  databaseUrl: string;
  /** The data's instant (its latest complete poll). */
  now: number;
  everySeconds: number;
  newPerformers: number;
  seed: number;
}

export interface PollFeed {
  /** Stops after the poll in flight; how many polls and new performers were stored, and why it stopped early. */
  stop(): Promise<{ polls: number; performers: number; failure: string | null }>;
}

export function startPollFeed(options: PollFeedOptions): PollFeed {
  const { db, close } = connect(options.databaseUrl, { max: 1, applicationName: "bench-search-polls" });
  let polls = 0;
  let performers = 0;
  let inFlight: Promise<void> = Promise.resolve();
  let failure: string | null = null;
  const added: number[] = [];

  async function storePoll(): Promise<void> {
    const previous = new Date(options.now + polls * 1000);
    const at = new Date(options.now + (polls + 1) * 1000);
    await ensureSnapshotPartitions(db, at.getTime(), at.getTime());
    const c = generatePerformers(options.seed + polls + 1, options.newPerformers, options.now);
    // Names of their own: the generator's names repeat across seeds.
    const names = c.username.map((name, i) => `${name}_n${polls + 1}x${i}`);
    const ids = await db.transaction().execute(async (tx) => {
      const { rows: inserted } = await sql<{ performer_id: number }>`
        INSERT INTO performers (username, display_name, gender, age, country, tags, followers, first_seen, last_seen)
        SELECT username, display_name, gender, age, country, string_to_array(tags, ' '), followers, ${at}, ${at}
        FROM unnest(${arrayLiteral(names)}::text[], ${arrayLiteral(c.displayName)}::text[],
          ${arrayLiteral(c.gender)}::text[], ${arrayLiteral(c.age)}::smallint[], ${arrayLiteral(c.country)}::text[],
          ${arrayLiteral(c.tags.map((tags) => tags.join(" ")))}::text[], ${arrayLiteral(c.followers)}::integer[])
          AS r(username, display_name, gender, age, country, tags, followers)
        RETURNING performer_id`.execute(tx);
      const ids = inserted.map((r) => r.performer_id);
      const viewers = c.viewersNow.map((v, i) => Math.max(1, v, Math.round((c.peak[i] as number) / 2)));
      const { rows } = await sql<{ poll_id: number }>`
        INSERT INTO polls (observed_at, started_at, finished_at, status, source, expected_rooms, rooms, viewers,
          pages, requests, duration_ms)
        SELECT ${at}, ${at}, ${at}, 'complete', 'live', rooms + ${ids.length}, rooms + ${ids.length},
          viewers + ${viewers.reduce((a, b) => a + b, 0)}, pages, requests, duration_ms
        FROM polls WHERE observed_at = ${previous}
        RETURNING poll_id`.execute(tx);
      const pollId = (rows[0] as { poll_id: number }).poll_id;
      await sql`
        INSERT INTO snapshots (performer_id, observed_at, poll_id, viewers, followers, show, seconds_online, rank, gender_rank)
        SELECT performer_id, ${at}, ${pollId}, viewers, followers, show, seconds_online + 1, rank, gender_rank
        FROM snapshots WHERE observed_at = ${previous}`.execute(tx);
      await sql`
        INSERT INTO snapshots (performer_id, observed_at, poll_id, viewers, followers, show, seconds_online, rank, gender_rank)
        SELECT id, ${at}, ${pollId}, viewers, followers, 1, 0, 0, 0
        FROM unnest(${arrayLiteral(ids)}::bigint[], ${arrayLiteral(viewers)}::integer[],
          ${arrayLiteral(c.followers)}::integer[]) AS r(id, viewers, followers)`.execute(tx);
      await sql`
        INSERT INTO stream_sessions (performer_id, start_time, end_time, followers_start, followers_end, max_viewers,
          viewers_sum, viewers_samples, snapshots)
        SELECT id, ${at}, ${at}, followers, followers, viewers, viewers, 1, 1
        FROM unnest(${arrayLiteral(ids)}::bigint[], ${arrayLiteral(viewers)}::integer[],
          ${arrayLiteral(c.followers)}::integer[]) AS r(id, viewers, followers)`.execute(tx);
      return ids;
    });
    polls++;
    performers += options.newPerformers;
    added.push(...ids);
  }

  const timer = setInterval(() => {
    inFlight = inFlight.then(storePoll).catch((error: unknown) => {
      clearInterval(timer);
      failure = `the poll feed failed: ${String(error)}`;
    });
  }, options.everySeconds * 1000);

  return {
    async stop() {
      clearInterval(timer);
      await inFlight;
      // Leave the data as it was, for the scenarios after this one.
      await sql`DELETE FROM snapshots WHERE observed_at > ${new Date(options.now)}`.execute(db);
      await sql`DELETE FROM polls WHERE observed_at > ${new Date(options.now)}`.execute(db);
      await sql`DELETE FROM stream_sessions WHERE performer_id = ANY(${arrayLiteral(added)}::bigint[])`.execute(
        db,
      );
      await sql`DELETE FROM performers WHERE performer_id = ANY(${arrayLiteral(added)}::bigint[])`.execute(
        db,
      );
      await close();
      return { polls, performers, failure };
    },
  };
}
