import { describe, expect, it, vi } from "vitest";
import type { Db } from "../../db/connect.ts";

const read = vi.hoisted(() => vi.fn());
vi.mock("../../db/queries/live-stats.ts", () => ({ liveStats: read }));
const { liveStatsReader } = await import("./live-stats.ts");

const empty = { observedAt: null, now: null, dayBefore: null, last24h: [] };

describe("the live stats reader", () => {
  it("reads the database once per 15 seconds however many ask, and again after a failure", async () => {
    let t = 1_000_000;
    const reader = liveStatsReader({} as Db, () => t);
    read.mockResolvedValue(empty);
    await Promise.all([reader(), reader(), reader()]);
    t += 14_999;
    await reader();
    expect(read).toHaveBeenCalledTimes(1);
    t += 1;
    await reader();
    expect(read).toHaveBeenCalledTimes(2);

    read.mockRejectedValueOnce(new Error("database gone"));
    t += 15_000;
    await expect(reader()).rejects.toThrow("database gone");
    await reader();
    expect(read).toHaveBeenCalledTimes(4);
  });
});
