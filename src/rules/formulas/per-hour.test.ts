import { describe, expect, it } from "vitest";
import { followersPerHour } from "./per-hour.ts";

describe("followers per hour online (supporter ranking)", () => {
  it.each([
    // [gained, minutes online, per hour]
    [120, 240, 30],
    [50, 90, 33.3],
    [7, 180, 2.3],
    [1, 600, 0.1],
    [1, 1440, 0],
    [25, 75, 20],
    [10, 45, 10], // under an hour counts as one
    [20, 5, 20], // a 5-minute stream is not a rate of 240
    [3, 0, 3], // no minutes counted for the day (the midnight rule) is not a division by zero
    [2, 61, 2],
  ])("%d gained in %d minutes is %d an hour", (gained, minutes, expected) => {
    expect(followersPerHour(gained, minutes)).toBe(expected);
  });
});
