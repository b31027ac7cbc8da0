import { sql } from "kysely";
import type { Db } from "../../src/db/connect.ts";
import { insertPerformer, insertPerformerDay } from "./fixtures.ts";

/** The months the history holds: a report is due for each once October 2026 has ended. */
export const REPORT_MONTHS = ["2026-08", "2026-09", "2026-10"] as const;
/** The day the daily job publishes them on (the last of October). */
export const REPORT_DAY = "2026-10-31";

/**
 * A small history for the data reports' pages: three months of traffic (every hour of three days
 * a month), performers with their days, tags and countries; the pages' tests publish the reports
 * from it (publishMonthlyReports) the way the daily job would.
 */
export async function insertReportHistory(db: Db): Promise<void> {
  const names = ["ava_rose", "bea", "cleo_x", "dina", "eve"];
  const ids = [];
  for (const [i, username] of names.entries())
    ids.push(
      await insertPerformer(db, { username, gender: i % 2 === 0 ? "f" : "m", country: i < 3 ? "US" : "CO" }),
    );
  for (const [m, month] of REPORT_MONTHS.entries()) {
    for (const dayOfMonth of [1, 15, 28]) {
      const day = `${month}-${String(dayOfMonth).padStart(2, "0")}`;
      for (let hour = 0; hour < 24; hour++) {
        const rooms = 1_000 + 40 * hour + 100 * m;
        const viewers = 20_000 + 1_500 * hour + 3_000 * m + 200 * dayOfMonth;
        await sql`
          INSERT INTO traffic_hours (hour, gender, polls, rooms_sum, rooms_max, viewers_sum, viewers_max)
          VALUES (${`${day}T${String(hour).padStart(2, "0")}:00:00Z`}::timestamptz, 'all', 60, ${rooms * 60},
            ${rooms + 50}, ${viewers * 60}, ${viewers + 2_000})`.execute(db);
      }
      for (const [i, id] of ids.entries())
        await insertPerformerDay(db, {
          performerId: id,
          day,
          peakViewers: 500 * (i + 1) + 100 * m,
          followers: 10_000 * (5 - i) + 300 * m,
          followerGain: 20 * (i + 1) + 10 * m,
          minutesOnline: 120 + 30 * i,
        });
      for (const [tag, count] of [
        ["asian", 3 + m],
        ["latina", 5 - m],
        ["bigboobs", 2],
      ] as const)
        await sql`
          INSERT INTO tag_days (day, tag, gender, performers, viewers_sum, followers_sum, follower_gain_sum, minutes_online)
          VALUES (${day}::date, ${tag}, 'f', ${count}, 0, 0, 0, 0)`.execute(db);
      for (const [country, count] of [
        ["US", 3],
        ["CO", 2],
      ] as const)
        await sql`
          INSERT INTO location_days (day, country, gender, performers, viewers_sum, followers_sum, minutes_online)
          VALUES (${day}::date, ${country}, 'f', ${count}, 0, 0, 0)`.execute(db);
    }
  }
}
