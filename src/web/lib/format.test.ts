import { describe, expect, it } from "vitest";
import { formatCount, formatDuration, formatSignedCount } from "./format.ts";

describe("how the pages write figures", () => {
  it("groups digits, signs changes with a true minus, and writes durations in hours and minutes", () => {
    expect(formatCount(1234567)).toBe("1,234,567");
    expect(formatSignedCount(1234)).toBe("+1,234");
    expect(formatSignedCount(-56)).toBe("−56");
    expect(formatSignedCount(0)).toBe("0");
    expect(formatDuration(45)).toBe("45 min");
    expect(formatDuration(180)).toBe("3 h");
    expect(formatDuration(312)).toBe("5 h 12 min");
  });
});
