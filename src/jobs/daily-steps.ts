import type { Db } from "../db/connect.ts";
import { publishAdditionalTags } from "../publish/additional-tags.ts";
import { publishBingoData } from "../publish/bingo-data.ts";
import { publishCameraTrends } from "../publish/camera-trends.ts";
import { publishCelebrations } from "../publish/celebrations.ts";
import type { DayPublisher } from "../publish/context.ts";
import { publishDailyViewerRankings } from "../publish/daily-viewer-files.ts";
import { publishFollowerRankings } from "../publish/follower-files.ts";
import { publishLocationFiles } from "../publish/location-files.ts";
import { publishMonthlyRankings } from "../publish/monthly-files.ts";
import { publishOpenData } from "../publish/open-data-files.ts";
import { publishPossibleTags } from "../publish/possible-tags.ts";
import { publishRecentProfileUpdates } from "../publish/recent-profile-updates.ts";
import { publishMonthlyReports } from "../publish/reports/monthly-reports.ts";
import { publishSupporterRankings } from "../publish/supporter-files.ts";
import { publishTagExplorer } from "../publish/tag-explorer.ts";
import { publishTraffic } from "../publish/traffic-files.ts";
import { publishYearRankings } from "../publish/year-files.ts";
import { rollupBroadcasterDays } from "../stats/broadcaster-days.ts";
import { rollupLocationDays } from "../stats/location-days.ts";
import { rollupPerformerDays } from "../stats/performer-days.ts";
import { rollupPerformerHours } from "../stats/performer-hours.ts";
import { rollupPerformerPeaks } from "../stats/performer-peaks.ts";
import { rollupTagDays } from "../stats/tag-days.ts";
import { rollupTraffic } from "../stats/traffic.ts";
import { timedSteps } from "./step-timing.ts";

/** A derived table's rollup of one UTC day: replaces the day's rows, returns how many it wrote. */
export type Rollup = (db: Db, day: string) => Promise<number>;

/**
 * What the daily job does for a day, in order (the pipeline flows one way: snapshots -> derived
 * tables -> files). performer_days comes first: every other rollup reads it. `rankingTable`: the
 * dated files and most latest editions read it, so a newest-first catch-up (newest-first.ts) rolls
 * it up for every day before it publishes the newest; the other tables wait for their day.
 */
export const ROLLUPS: ReadonlyArray<{ name: string; run: Rollup; rankingTable: boolean }> = timedSteps([
  { name: "performer_days", run: rollupPerformerDays, rankingTable: true },
  { name: "tag_days", run: rollupTagDays, rankingTable: true },
  { name: "location_days", run: rollupLocationDays, rankingTable: false },
  { name: "broadcaster_days", run: rollupBroadcasterDays, rankingTable: false },
  { name: "traffic_hours and tag_traffic_hours", run: rollupTraffic, rankingTable: false },
  // Read by the performer pages' hourly stats and yearly summaries (the API), by no publisher.
  { name: "performer_hours", run: rollupPerformerHours, rankingTable: false },
]);

/**
 * Derived tables that hold one edition, the newest day's (like the latest files): rebuilt for the
 * newest day only, before the latest publishers.
 */
export const LATEST_ROLLUPS: ReadonlyArray<{ name: string; run: Rollup }> = timedSteps([
  { name: "performer_peaks", run: rollupPerformerPeaks },
]);

/**
 * Files of one date (/stats/{date}/…): written for every day rolled up, old days included. They
 * read the ranking tables only (ROLLUPS' rankingTable).
 */
export const DATED_PUBLISHERS: ReadonlyArray<{ name: string; run: DayPublisher }> = timedSteps([
  { name: "daily viewer rankings", run: publishDailyViewerRankings },
  { name: "most followed and fastest rising", run: publishFollowerRankings },
  { name: "the year's top performers (on December 31st)", run: publishYearRankings },
  { name: "supporter rankings", run: publishSupporterRankings },
  // Last: it turns the day's files written above into CSV.
  { name: "open data CSV", run: publishOpenData },
]);

/**
 * Files at fixed paths (the latest edition): written for the newest day only, so rebuilding an old
 * day never puts old figures in them. `otherTables`: it reads derived tables besides the ranking
 * tables (ROLLUPS' rankingTable), so a newest-first catch-up writes it again after every day's
 * tables. `firstEdition`: with otherTables, a page of its own waits for it, so a catch-up writes it
 * from the newest day's tables first (a page with one day beats an error page for minutes, issue
 * 28), and again, complete, at its end.
 */
export const LATEST_PUBLISHERS: ReadonlyArray<{
  name: string;
  run: DayPublisher;
  otherTables: boolean;
  firstEdition?: boolean;
}> = timedSteps([
  { name: "top monthly and tag lists", run: publishMonthlyRankings, otherTables: false },
  { name: "locations", run: publishLocationFiles, otherTables: true, firstEdition: true },
  { name: "traffic", run: publishTraffic, otherTables: true, firstEdition: true },
  { name: "camera trends", run: publishCameraTrends, otherTables: true, firstEdition: true },
  { name: "celebrations", run: publishCelebrations, otherTables: false },
  { name: "recent profile updates", run: publishRecentProfileUpdates, otherTables: false },
  { name: "possible tags", run: publishPossibleTags, otherTables: false },
  { name: "additional tags", run: publishAdditionalTags, otherTables: false },
  { name: "tag explorer", run: publishTagExplorer, otherTables: false },
  // subject_goals is kept by the collector at every poll, not rolled up: no derived table to wait for.
  { name: "bingo data", run: publishBingoData, otherTables: false },
  // Every month of the history that has ended and has no report yet (the month just ended, on the 1st).
  { name: "data reports", run: publishMonthlyReports, otherTables: true },
]);
