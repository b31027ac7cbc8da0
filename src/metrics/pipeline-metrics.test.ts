import { describe, expect, it } from "vitest";
import { throttledCount } from "./pipeline-metrics.ts";

describe("a queue counted when scraped", () => {
  it("counts at most once a minute, and says null when not due or when the count fails", async () => {
    let clock = 0;
    let calls = 0;
    let fail = false;
    const count = throttledCount(
      async () => {
        calls += 1;
        if (fail) throw new Error("the database is away");
        return 40 + calls;
      },
      60_000,
      () => clock,
    );
    expect(await count()).toBe(41);
    clock = 59_999;
    expect(await count()).toBeNull();
    expect(calls).toBe(1);
    clock = 60_000;
    expect(await count()).toBe(42);
    fail = true;
    clock = 120_000;
    expect(await count()).toBeNull();
    // A failed count waits its minute too: a database in trouble is not asked at every scrape.
    clock = 150_000;
    expect(await count()).toBeNull();
    expect(calls).toBe(3);
  });
});
