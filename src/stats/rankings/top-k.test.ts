import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { topK } from "./top-k.ts";

const byValueThenName = (a: { v: number; n: string }, b: { v: number; n: string }) =>
  b.v - a.v || (a.n < b.n ? -1 : a.n > b.n ? 1 : 0);

describe("topK", () => {
  it("gives exactly what a full sort and a cut give", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.record({ v: fc.integer({ min: 0, max: 50 }), n: fc.string() }), {
          selector: (x) => x.n,
          maxLength: 400,
        }),
        fc.integer({ min: 0, max: 120 }),
        (items, k) => {
          expect(topK(items, byValueThenName, k)).toEqual([...items].sort(byValueThenName).slice(0, k));
        },
      ),
    );
  });

  it("leaves its input alone", () => {
    const items = [3, 1, 2, 5, 4];
    expect(topK(items, (a, b) => b - a, 2)).toEqual([5, 4]);
    expect(items).toEqual([3, 1, 2, 5, 4]);
  });
});
