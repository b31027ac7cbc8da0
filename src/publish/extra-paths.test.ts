import { describe, expect, it } from "vitest";
import { EXTRA_PATHS, TAG_EXPLORER_DATASETS, TAG_RELATED_PATH, tagExplorerPath } from "./paths.ts";

describe("paths of the celebrations, profile updates, tag and tag explorer files", () => {
  it("names them exactly", () => {
    expect(EXTRA_PATHS).toEqual({
      celebrations: "/api/celebrations.json",
      recentProfileUpdates: "/api/recent_profile_updates.json",
      possibleTags: "/api/tags/possible_tags.json",
      additionalTags: "/api/tags/additional_tags.json",
      cameraTrends: "/api/camera_trends.json",
    });
    expect(TAG_EXPLORER_DATASETS.map(tagExplorerPath)).toEqual([
      "/api/tag_explorer/monthly.json",
      "/api/tag_explorer/viewers.json",
      "/api/tag_explorer/follower_count.json",
      "/api/tag_explorer/follower_gain.json",
      "/api/tag_explorer/tagCounts.json",
      "/api/tag_explorer/allTags.json",
      "/api/tag_explorer/tagMap.json",
    ]);
    expect(TAG_RELATED_PATH).toBe("/api/tag_explorer/related.json");
  });
});
