import { describe, expect, it } from "vitest";
import { overviewDescription, overviewTitle } from "./title.ts";

describe("overviewTitle (SPEC §2: 'Top {tag} {gender} on the platform')", () => {
  it("names the tag, then the gender's label, then the platform", () => {
    expect(overviewTitle({ gender: "women", tag: "asian" }, "CamSandbox")).toBe(
      "Top asian Female models on CamSandbox",
    );
    expect(overviewTitle({ gender: "men", tag: "muscle" }, "CamSandbox")).toBe(
      "Top muscle Male models on CamSandbox",
    );
    expect(overviewTitle({ gender: "trans", tag: null }, "CamSandbox")).toBe(
      "Top Trans models on CamSandbox",
    );
  });

  it("leaves out what is absent: no word for all, no 'models' after Couples", () => {
    expect(overviewTitle({ gender: "all", tag: null }, "CamSandbox")).toBe("Top models on CamSandbox");
    expect(overviewTitle({ gender: "all", tag: "asian" }, "CamSandbox")).toBe(
      "Top asian models on CamSandbox",
    );
    expect(overviewTitle({ gender: "couples", tag: null }, "CamSandbox")).toBe("Top Couples on CamSandbox");
    expect(overviewTitle({ gender: "couples", tag: "feet" }, "CamSandbox")).toBe(
      "Top feet Couples on CamSandbox",
    );
  });

  it("says 'the platform' without a platform name", () => {
    expect(overviewTitle({ gender: "all", tag: null })).toBe("Top models on the platform");
  });

  it("describes the four rankings", () => {
    expect(overviewDescription({ gender: "women", tag: "asian" }, "CamSandbox")).toBe(
      "The top asian Female models on CamSandbox in four rankings: most followed, top of the last 30 days, most viewed in the last day and fastest rising this week. Updated every day after midnight UTC.",
    );
  });
});
