import { afterEach, describe, expect, it, vi } from "vitest";
import { CHUNK_TIMEOUT_MS, ChunkLoadError, loadChunk } from "./chunk-load.ts";

describe("loadChunk", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("gives the chunk when it loads in time", async () => {
    await expect(loadChunk(async () => "drawn")).resolves.toBe("drawn");
  });

  it("fails with a chunk load error after 120,000 ms (SPEC §8), not before", async () => {
    vi.useFakeTimers();
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
    const settled = vi.fn();
    const loading = loadChunk(() => new Promise<never>(() => undefined)).catch((error: unknown) => {
      settled(error);
    });
    await vi.advanceTimersByTimeAsync(119_999);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await loading;
    const error = settled.mock.calls[0]?.[0];
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as Error).message).toBe("a page chunk did not load within 120000 ms");
  });

  it("passes a failed fetch on as it is", async () => {
    const failure = new TypeError("Failed to fetch dynamically imported module");
    await expect(loadChunk(() => Promise.reject(failure))).rejects.toBe(failure);
  });
});
