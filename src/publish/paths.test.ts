import { describe, expect, it } from "vitest";
import { SUPPORTER_ORDERS, type SupporterOrder } from "../stats/rankings/vocabulary.ts";
import {
  dailyIndexPath,
  dailyTagFrequencyPath,
  dailyViewerRankingPath,
  datedTagFollowerGainPath,
  datedTagFollowersPath,
  FIXED_PATHS,
  followerIndexPath,
  locationFollowersPath,
  locationMostPopularPath,
  monthlyViewerRankingPath,
  PathError,
  supportersPath,
  tagFollowerGainPath,
  tagFollowersPath,
  tagFrequencyPath,
  userFollowerGainPath,
  userFollowersPath,
  yearIndexPath,
  yearRankingPath,
} from "./paths.ts";

describe("published file paths (SPEC §7)", () => {
  it("names the daily viewer ranking files exactly", () => {
    expect(dailyViewerRankingPath("2026-11-20", "all")).toBe("/stats/2026-11-20/most-popular.json");
    expect(dailyViewerRankingPath("2026-11-20", "women")).toBe("/stats/2026-11-20/most-popular-women.json");
    expect(dailyViewerRankingPath("2026-11-20", "all", "bigboobs")).toBe(
      "/stats/2026-11-20/tag-bigboobs-most-popular.json",
    );
    expect(dailyViewerRankingPath("2026-11-20", "couples", "latina")).toBe(
      "/stats/2026-11-20/couples_tag-latina-most-popular.json",
    );
    expect(dailyTagFrequencyPath("2026-11-20")).toBe("/stats/2026-11-20/tag-frequency.json");
    expect(dailyTagFrequencyPath("2026-11-20", "trans")).toBe("/stats/2026-11-20/tag-frequency-trans.json");
  });

  it("names the period, follower, location and traffic files exactly", () => {
    expect(monthlyViewerRankingPath("all")).toBe("/stats/30days/most-popular.json");
    expect(monthlyViewerRankingPath("men", "asian")).toBe("/stats/30days/men_tag-asian-most-popular.json");
    expect(userFollowersPath("2026-11-20", "men")).toBe("/stats/2026-11-20/user_followers-men.json");
    expect(userFollowersPath("30days")).toBe("/stats/30days/user_followers.json");
    expect(tagFrequencyPath("30days", "women")).toBe("/stats/30days/tag-frequency-women.json");
    expect(tagFollowersPath("18")).toBe("/api/followers/tag-18-followers.json");
    expect(locationFollowersPath("colombia", "women")).toBe(
      "/api/location/colombia_user_followers-women.json",
    );
    expect(locationMostPopularPath("colombia")).toBe("/api/location/colombia_most-popular.json");
    expect(userFollowerGainPath("2026-11-20", "women")).toBe(
      "/stats/2026-11-20/user_follower_gain-women.json",
    );
    expect(tagFollowerGainPath("asian")).toBe("/api/followers/tag-asian-follower_gain.json");
    expect(dailyIndexPath("2026-11-20")).toBe("/stats/2026-11-20/index.json");
    expect(FIXED_PATHS).toMatchObject({
      manifest: "/stats/manifest.json",
      monthlyIndex: "/stats/30days/index.json",
      userFollowerGain: "/api/followers/user_follower_gain.json",
      modelCountByLocation: "/api/location/modelCountByLocation.json",
      activeUserCount: "/api/active_user_count.json",
      activeUserCountTrendsYoy: "/api/active_user_count_trends_yoy.json",
      recentBroadcasterStats: "/api/recent_broadcaster_stats.json",
    });
  });

  it("names the dated tag follower lists, the supporter rankings and a year's lists exactly", () => {
    expect(datedTagFollowersPath("2026-11-20", "asian")).toBe(
      "/stats/2026-11-20/tag-asian-user_followers.json",
    );
    expect(datedTagFollowerGainPath("2026-11-20", "asian")).toBe(
      "/stats/2026-11-20/tag-asian-user_follower_gain.json",
    );
    expect(followerIndexPath("2026-11-20")).toBe("/stats/2026-11-20/follower-index.json");
    expect(SUPPORTER_ORDERS).toEqual(["gained", "per-hour"]);
    expect(supportersPath("2026-11-20", "gained")).toBe("/stats/2026-11-20/supporters-gained.json");
    expect(supportersPath("2026-11-20", "per-hour")).toBe("/stats/2026-11-20/supporters-per-hour.json");
    expect(yearRankingPath("2021", "all")).toBe("/stats/2021/most-popular.json");
    expect(yearRankingPath("2021", "trans")).toBe("/stats/2021/most-popular-trans.json");
    expect(yearRankingPath("2021", "all", "latina")).toBe("/stats/2021/tag-latina-most-popular.json");
    expect(yearRankingPath("2021", "women", "latina")).toBe("/stats/2021/women_tag-latina-most-popular.json");
    expect(yearIndexPath("2021")).toBe("/stats/2021/index.json");
  });

  it("refuses a bad day, tag, supporter order or year in the new families", () => {
    expect(() => datedTagFollowersPath("2026-02-30", "asian")).toThrow(PathError);
    expect(() => datedTagFollowerGainPath("2026-11-20", "../x")).toThrow(PathError);
    expect(() => followerIndexPath("20261120")).toThrow(PathError);
    expect(() => supportersPath("2026-11-20", "tips" as SupporterOrder)).toThrow(PathError);
    expect(() => supportersPath("2026-13-01", "gained")).toThrow(PathError);
    for (const bad of ["21", "2021-01", "20210", "../x", "30days"]) {
      expect(() => yearRankingPath(bad, "all")).toThrow(PathError);
      expect(() => yearIndexPath(bad)).toThrow(PathError);
    }
    expect(() => yearRankingPath("2021", "men", "Big")).toThrow(PathError);
  });

  it("accepts tags in any script", () => {
    expect(tagFollowersPath("日本")).toBe("/api/followers/tag-日本-followers.json");
  });

  it("refuses tags, locations, dates and periods that cannot name a file", () => {
    for (const bad of ["", "../x", "a/b", "Big", "a b", "x.json", "#tag", "a".repeat(65)]) {
      expect(() => tagFollowersPath(bad)).toThrow(PathError);
      expect(() => locationMostPopularPath(bad)).toThrow(PathError);
    }
    for (const bad of ["2026-02-30", "2026-1-5", "yesterday/../x", "20261120"]) {
      expect(() => dailyViewerRankingPath(bad, "all")).toThrow(PathError);
    }
    expect(() => userFollowersPath("../../etc")).toThrow(PathError);
  });
});
