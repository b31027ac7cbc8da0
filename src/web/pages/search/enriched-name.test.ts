import { describe, expect, it } from "vitest";
import { decodeEnrichedName, describeEnrichedName, viewersOfCode, viewerText } from "./enriched-name.ts";

describe("the enriched names of summary results (SPEC §3)", () => {
  it("reads the viewer codes: F 10, M 50, L 100, a number times 100", () => {
    expect(viewersOfCode("F")).toBe(10);
    expect(viewersOfCode("M")).toBe(50);
    expect(viewersOfCode("L")).toBe(100);
    expect(viewersOfCode("12")).toBe(1200);
    expect(viewersOfCode("x")).toBeNull();
  });

  it("decodes the five parts, a name with dashes included, I for never", () => {
    expect(decodeEnrichedName("ann-f-23-3-0")).toEqual({
      name: "ann",
      gender: "f",
      age: 23,
      viewers: 300,
      daysSinceBroadcast: 0,
    });
    expect(decodeEnrichedName("mary-jane-c--M-I")).toEqual({
      name: "mary-jane",
      gender: "c",
      age: null,
      viewers: 50,
      daysSinceBroadcast: null,
    });
    expect(decodeEnrichedName("bob--F-12")).toBeNull();
    expect(decodeEnrichedName("-f-20-F-1")).toBeNull();
  });

  it("says it in words", () => {
    expect(describeEnrichedName(decodeEnrichedName("ann-s-23-3-1") as never)).toBe(
      "Trans, 23, 300+ viewers, last broadcast 1 day ago",
    );
    expect(describeEnrichedName(decodeEnrichedName("bob-m--F-I") as never)).toBe(
      "Male, <10 viewers, never broadcast",
    );
    expect(describeEnrichedName(decodeEnrichedName("cy-f--L-0") as never)).toBe(
      "Female, <100 viewers, broadcast today",
    );
    expect(viewerText(null)).toBeNull();
  });
});
