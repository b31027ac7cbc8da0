import { describe, expect, it } from "vitest";
import { Column, TextColumn, TextColumnBuilder } from "./columns.ts";

/** A permutation of 0..n-1 that is far from the identity (a fixed stride coprime to n). */
const shuffled = (n: number) => Int32Array.from({ length: n }, (_, i) => (i * 7919) % n);

describe("the index build's columns", () => {
  it("reads back every value pushed, past the first block, as pushed and in any order", () => {
    const n = 20_000;
    const column = new Column(Float64Array);
    for (let i = 0; i < n; i++) column.push(i * 1.5);
    expect(column.length).toBe(n);
    for (const k of [0, 4095, 4096, 4097, n - 1]) expect(column.get(k)).toBe(k * 1.5);
    const order = shuffled(n);
    const out = column.done(order);
    expect(out).toBeInstanceOf(Float64Array);
    expect(Array.from(out)).toEqual(Array.from(order, (k) => k * 1.5));
    expect(column.length).toBe(0);
    for (let i = 0; i < 3; i++) column.push(i);
    expect(Array.from(column.done())).toEqual([0, 1, 2]);
  });

  it("keeps strings as UTF-8, across blocks, empty and longer than a block, in any order", () => {
    const strings = ["", "ann", "zoë_23", "", "x".repeat(100_000), "名前"];
    for (let i = 0; i < 10_000; i++) strings.push(`name${i}`);
    const builder = new TextColumnBuilder();
    for (const s of strings) builder.push(s);
    expect(builder.length).toBe(strings.length);
    const order = shuffled(strings.length);
    const column = builder.done(order);
    expect(Array.from({ length: column.length }, (_, k) => column.get(k))).toEqual(
      Array.from(order, (i) => strings[i]),
    );
    expect(column.bytes.length).toBe(strings.reduce((sum, s) => sum + Buffer.byteLength(s), 0));
    const same = TextColumn.of(strings, order);
    expect(same.bytes.equals(column.bytes)).toBe(true);
    expect(Array.from(same.start)).toEqual(Array.from(column.start));
  });

  it("finds a term in a string by its bytes", () => {
    const column = TextColumn.of(["zoë_23", "ann"]);
    expect(column.contains(0, Buffer.from("ë_2"))).toBe(true);
    expect(column.contains(1, Buffer.from("ë"))).toBe(false);
    expect(column.contains(1, Buffer.from(""))).toBe(true);
  });
});
