import { describe, expect, it } from "vitest";
import { dailyViewerDescription, dailyViewerTitle } from "./title.ts";

const latest = { day: "2026-11-20", isLeadingEdge: true };
const dated = { day: "2026-11-19", isLeadingEdge: false };

describe("dailyViewerTitle (SPEC §4)", () => {
  it("reads 'Top {tag} {gender} models on {platform} for the last day' on the latest day", () => {
    expect(dailyViewerTitle({ gender: "women", tag: "asian", ...latest }, "CamSandbox")).toBe(
      "Top asian Female models on CamSandbox for the last day",
    );
  });

  it("reads '… on {date}' when the address names a day", () => {
    expect(dailyViewerTitle({ gender: "men", tag: "muscle", ...dated }, "CamSandbox")).toBe(
      "Top muscle Male models on CamSandbox on 2026-11-19",
    );
  });

  it("leaves out the parts that are absent, without stray spaces", () => {
    expect(dailyViewerTitle({ gender: "all", tag: null, ...latest }, "CamSandbox")).toBe(
      "Top models on CamSandbox for the last day",
    );
    expect(dailyViewerTitle({ gender: "all", tag: "asian", ...dated }, "CamSandbox")).toBe(
      "Top asian models on CamSandbox on 2026-11-19",
    );
    expect(dailyViewerTitle({ gender: "couples", tag: null, ...latest }, "CamSandbox")).toBe(
      "Top Couples models on CamSandbox for the last day",
    );
    expect(dailyViewerTitle({ gender: "trans", tag: null, ...dated }, "CamSandbox")).toBe(
      "Top Trans models on CamSandbox on 2026-11-19",
    );
  });

  it("says 'the platform' without a platform name", () => {
    expect(dailyViewerTitle({ gender: "all", tag: null, ...latest })).toBe(
      "Top models on the platform for the last day",
    );
  });
});

describe("dailyViewerDescription", () => {
  it("says what the list is, for whom and when", () => {
    expect(dailyViewerDescription({ gender: "women", tag: "asian", ...dated }, "CamSandbox")).toBe(
      "The 100 asian Female performers with the most viewers at once on CamSandbox on 2026-11-19, with their followers and the change over the week. Updated every day after midnight UTC.",
    );
    expect(dailyViewerDescription({ gender: "all", tag: null, ...latest }, "CamSandbox")).toMatch(
      /^The 100 performers with the most viewers at once on CamSandbox for the last day,/,
    );
  });
});
