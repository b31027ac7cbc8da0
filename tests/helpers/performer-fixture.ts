import { sql } from "kysely";
import type { Db } from "../../src/db/connect.ts";
import { addDays, isoWeekday } from "../../src/rules/calendar.ts";
import { yesterdayUtc } from "../../src/site/shown-days.ts";
import { insertHours } from "./aggregate-rows.ts";
import { confirmOptout, insertBio, insertLivePoll, insertPerformer, insertPerformerDay } from "./fixtures.ts";

/**
 * The performer pages' fixture, relative to `now` (the pages read the clock): one live performer
 * with a full history, one offline, one opted out, and token goals in subjects live and this week.
 */
export interface PerformerFixture {
  /** Live, streaming Mondays and Thursdays 18:00–22:00 UTC for 12 weeks. */
  live: { id: number; username: string };
  /** Offline, last seen 3 days ago, a token goal in a session of the week. */
  offline: { id: number; username: string };
  optedOut: string;
  /** The live performer's sessions' ids (start in seconds since 1970), newest first. */
  streamIds: string[];
  /** The days of the live performer's history: the day peaks reached 1,000 and 2,000 first. */
  days: { first1000: string; first2000: string };
  today: string;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function insertFullSession(
  db: Db,
  s: {
    performerId: number;
    start: number;
    end: number;
    followersStart: number;
    followersEnd: number;
    maxViewers: number;
    viewers: [sum: number, samples: number];
    bestRank: number;
    ranks: [sum: number, samples: number];
    bestGenderRank: number;
    genderRanks: [sum: number, samples: number];
    tags: string[];
    subject: string | null;
  },
): Promise<string> {
  await sql`
    INSERT INTO stream_sessions (performer_id, start_time, end_time, followers_start, followers_end, max_viewers,
      viewers_sum, viewers_samples, best_rank, best_gender_rank, rank_sum, rank_samples, gender_rank_sum,
      gender_rank_samples, tags, room_subject)
    VALUES (${s.performerId}, ${new Date(s.start).toISOString()}, ${new Date(s.end).toISOString()},
      ${s.followersStart}, ${s.followersEnd}, ${s.maxViewers}, ${s.viewers[0]}, ${s.viewers[1]}, ${s.bestRank},
      ${s.bestGenderRank}, ${s.ranks[0]}, ${s.ranks[1]}, ${s.genderRanks[0]}, ${s.genderRanks[1]}, ${s.tags},
      ${s.subject})`.execute(db);
  return String(Math.floor(s.start / 1000));
}

export async function seedPerformerFixture(db: Db, now: number = Date.now()): Promise<PerformerFixture> {
  const today = new Date(now).toISOString().slice(0, 10);
  const liveId = await insertPerformer(db, {
    username: "alice_cam",
    displayName: "Alice",
    gender: "f",
    age: 24,
    country: "DE",
    followers: 1500,
    tags: ["latina", "bigboobs"],
    firstSeen: new Date(now - 100 * DAY).toISOString(),
    lastSeen: new Date(now - 60_000).toISOString(),
  });
  await sql`UPDATE performers SET location = 'Berlin', languages = 'English, German',
    room_subject = 'goal: 500 tokens - dance #latina' WHERE performer_id = ${liveId}`.execute(db);
  await insertBio(db, liveId, "Hi, I'm Alice! Add me on Skype or visit https://alice.example.com for more.");

  const offlineId = await insertPerformer(db, {
    username: "bob_cam",
    gender: "m",
    followers: 80,
    firstSeen: new Date(now - 20 * DAY).toISOString(),
    lastSeen: new Date(now - 3 * DAY - HOUR).toISOString(),
  });
  await insertPerformer(db, { username: "gone_cam", followers: 10 });
  await confirmOptout(db, "gone_cam");

  // Three sessions of the live performer in the last days, newest last; the newest is the live one.
  const streamIds: string[] = [];
  for (const [i, daysAgo] of [3, 2, 0].entries()) {
    // Whole seconds: a session's id is its start in seconds, as the collector's poll slots are.
    const start = Math.floor((now - daysAgo * DAY - 2 * HOUR) / 1000) * 1000;
    streamIds.push(
      await insertFullSession(db, {
        performerId: liveId,
        start,
        end: daysAgo === 0 ? now - 60_000 : start + 90 * 60_000,
        followersStart: 1400 + i * 40,
        followersEnd: 1430 + i * 40,
        maxViewers: 300 + i * 100,
        viewers: [2000 + i * 100, 10],
        bestRank: 7 + i,
        ranks: [150, 10],
        bestGenderRank: 3,
        genderRanks: [55, 10],
        tags: ["latina", "bigboobs"],
        subject: i === 0 ? "goal: 1,000 tokens oil show" : "goal: 500 tokens - dance #latina",
      }),
    );
  }
  streamIds.reverse();
  await insertFullSession(db, {
    performerId: offlineId,
    start: Math.floor((now - 3 * DAY - 3 * HOUR) / 1000) * 1000,
    end: now - 3 * DAY - HOUR,
    followersStart: 78,
    followersEnd: 80,
    maxViewers: 12,
    viewers: [100, 10],
    bestRank: 900,
    ranks: [9500, 10],
    bestGenderRank: 90,
    genderRanks: [950, 10],
    tags: [],
    subject: "spin the wheel [120 tokens remaining]",
  });

  // 40 days of history: peaks climb past 1,000 (day 10 back) and 2,000 (day 5 back).
  const first1000 = addDays(today, -10);
  const first2000 = addDays(today, -5);
  for (let back = 40; back >= 0; back--) {
    const day = addDays(today, -back);
    const peak = back > 10 ? 400 + (40 - back) * 10 : back > 5 ? 1200 : 2500;
    await insertPerformerDay(db, {
      performerId: liveId,
      day,
      peakViewers: peak,
      followers: 1000 + (40 - back) * 12,
      followerGain: back === 40 ? null : 12,
      minutesOnline: 240,
      streamCount: 1,
      bestRank: back === 3 ? 7 : 40 + back,
    });
  }

  // Mondays and Thursdays, 18:00–22:00 UTC, over the 12 weeks that end yesterday.
  const yesterday = yesterdayUtc(now);
  const hours = [];
  for (let back = 0; back < 12 * 7; back++) {
    const day = addDays(yesterday, -back);
    if (isoWeekday(day) !== 1 && isoWeekday(day) !== 4) continue;
    for (const hour of [18, 19, 20, 21]) hours.push({ day, hour, seconds: 3600, avgViewers: 250 });
  }
  await insertHours(db, liveId, hours);

  await insertLivePoll(db, new Date(now - 60_000).toISOString(), [{ performerId: liveId, viewers: 321 }]);
  return {
    live: { id: liveId, username: "alice_cam" },
    offline: { id: offlineId, username: "bob_cam" },
    optedOut: "gone_cam",
    streamIds,
    days: { first1000, first2000 },
    today,
  };
}
