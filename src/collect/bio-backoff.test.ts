import { describe, expect, it } from "vitest";
import { bioRetryDelayMs, FetcherPause } from "./bio-backoff.ts";

const MINUTE = 60_000;

describe("a failing profile's wait before it is asked again", () => {
  it("is 1, 4, 16, 64, 256 and 1,024 minutes, then a day however often it fails", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 50].map(bioRetryDelayMs)).toEqual(
      [1, 4, 16, 64, 256, 1024, 1440, 1440, 1440].map((m) => m * MINUTE),
    );
  });

  it("lets a profile that always fails be asked at most 7 times in any day", () => {
    const asked = [0];
    for (let failures = 1; asked.length < 40; failures++) {
      asked.push((asked.at(-1) ?? 0) + bioRetryDelayMs(failures));
    }
    for (const start of asked) {
      expect(asked.filter((t) => t >= start && t < start + 1440 * MINUTE).length).toBeLessThanOrEqual(7);
    }
  });
});

describe("the fetcher's pause after a batch", () => {
  it("comes when more than half a batch failed, doubling per failing batch up to an hour", () => {
    const pause = new FetcherPause();
    expect(pause.after({ asked: 10, failed: 5 })).toBeNull();
    const waits = Array.from({ length: 8 }, () => pause.after({ asked: 10, failed: 6 }));
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60].map((m) => m * MINUTE));
  });

  it("ends with a batch that went well, and is not judged on fewer than 3 requests", () => {
    const pause = new FetcherPause();
    pause.after({ asked: 11, failed: 11 });
    pause.after({ asked: 11, failed: 11 });
    expect(pause.after({ asked: 2, failed: 2 })).toBeNull();
    expect(pause.after({ asked: 11, failed: 11 })).toBe(MINUTE);
    expect(pause.after({ asked: 300, failed: 1 })).toBeNull();
    expect(pause.after({ asked: 3, failed: 2 })).toBe(MINUTE);
  });
});
