import { describe, expect, it } from "vitest";
import { toColumns, toRows } from "./columns.ts";

describe("columns", () => {
  const rows = [
    { a: 1, b: "x", c: null, d: true },
    { a: 2, b: "y", c: 3, d: false },
  ];
  it("sends only the named fields, one array each, in the rows' order", () => {
    expect(toColumns(rows, ["a", "c"])).toEqual({ a: [1, 2], c: [null, 3] });
  });
  it("gives the rows back with those fields", () => {
    expect(toRows(toColumns(rows, ["a", "b", "c"]))).toEqual([
      { a: 1, b: "x", c: null },
      { a: 2, b: "y", c: 3 },
    ]);
    expect(toRows(toColumns([] as typeof rows, ["a"]))).toEqual([]);
  });
});
