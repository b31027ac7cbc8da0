import { describe, expect, it } from "vitest";
import { LIST_ID_PATTERN, newListId } from "./list-rules.ts";

describe("list ids", () => {
  it("are 12 base62 characters, and do not repeat", () => {
    const ids = Array.from({ length: 2000 }, newListId);
    for (const id of ids) expect(id).toMatch(LIST_ID_PATTERN);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("use every character about equally often", () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 5000; i++) for (const c of newListId()) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // 60,000 characters: about 968 each; a modulo bias would skew the first ones by a fifth.
    for (const n of counts.values()) expect(Math.abs(n - 60_000 / 62)).toBeLessThan(160);
  });
});
