import { describe, expect, it } from "vitest";
import type { ReportFile } from "../../../publish/reports/report-file.ts";
import { withoutOptouts } from "./load.server.ts";

describe("a report on the page", () => {
  it("leaves out a performer who opted out since it was written, the ranks closing up", () => {
    const row = (rank: number, username: string) => ({
      rank,
      username,
      gender: "f" as const,
      peakViewers: 10,
      hoursOnline: 1,
    });
    const report = {
      topPerformers: [row(1, "ann"), row(2, "bo"), row(3, "cy")],
      risers: [{ rank: 1, username: "bo", gender: "f" as const, followerGain: 5, followers: 50 }],
    } as unknown as ReportFile;
    const shown = withoutOptouts(report, new Set(["bo"]));
    expect(shown.topPerformers.map((p) => [p.rank, p.username])).toEqual([
      [1, "ann"],
      [2, "cy"],
    ]);
    expect(shown.risers).toEqual([]);
  });
});
