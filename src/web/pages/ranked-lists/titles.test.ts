import { describe, expect, it } from "vitest";
import {
  followersHeading,
  growingHeading,
  monthlyHeading,
  pageSuffix,
  subjectOf,
  supportersHeading,
  yearHeading,
} from "./titles.ts";

const P = "TestCams";

describe("the ranked lists' headings", () => {
  it("names the tag, then the gender's label (women: Female, men: Male)", () => {
    expect(subjectOf("all", null)).toBe("");
    expect(subjectOf("women", null)).toBe("Female");
    expect(subjectOf("men", "muscle")).toBe("muscle Male");
    expect(subjectOf("all", "asian")).toBe("asian");
  });

  it("titles the dated lists by day: none on the latest, 'on {date}' otherwise", () => {
    const latest = { gender: "all", tag: null, day: "2026-01-10", isLeadingEdge: true } as const;
    expect(followersHeading(latest, P)).toBe("Most followed models on TestCams");
    expect(followersHeading({ ...latest, gender: "couples", isLeadingEdge: false }, P)).toBe(
      "Most followed Couples models on TestCams on 2026-01-10",
    );
    expect(growingHeading({ ...latest, tag: "asian" }, P)).toBe(
      "Fastest rising asian models on TestCams this week",
    );
    expect(growingHeading({ ...latest, isLeadingEdge: false }, P)).toBe(
      "Fastest rising models on TestCams in the week to 2026-01-10",
    );
    expect(supportersHeading({ order: "gained", day: "2026-01-10", isLeadingEdge: true }, P)).toBe(
      "Models who won the most new followers on TestCams for the last day",
    );
    expect(supportersHeading({ order: "per-hour", day: "2026-01-09", isLeadingEdge: false }, P)).toBe(
      "Models who won the most new followers per hour online on TestCams on 2026-01-09",
    );
  });

  it("titles the score lists by period", () => {
    expect(monthlyHeading({ gender: "women", tag: "asian" }, P)).toBe(
      "Top asian Female models on TestCams in the last 30 days",
    );
    expect(yearHeading({ gender: "all", tag: null }, "2021", P)).toBe("Top models on TestCams in 2021");
  });

  it("adds the page from page 2", () => {
    expect(pageSuffix(1)).toBe("");
    expect(pageSuffix(3)).toBe(" (page 3)");
  });
});
