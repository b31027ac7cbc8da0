import fc from "fast-check";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/database.ts";
import { arrayLiteral } from "./array-literal.ts";

describe("arrayLiteral", () => {
  let t: TestDatabase;
  let client: pg.PoolClient;
  beforeAll(async () => {
    t = await createTestDatabase();
    client = await t.pool.connect();
  });
  afterAll(async () => {
    client.release();
    await t.drop();
  });

  it("round-trips any text through PostgreSQL, NULL and quotes and braces included", async () => {
    const samples = fc.sample(
      fc.array(fc.option(fc.string({ unit: "grapheme" }), { nil: null }), { maxLength: 20 }),
      300,
    );
    samples.push(["NULL", "", "a,b", "{x}", '"', "\\", '\\"', " spaced "], [null], []);
    for (const values of samples) {
      // PostgreSQL text cannot hold NUL; the feed parser never produces it.
      const clean = values.map((v) => (v === null ? null : v.replaceAll("\u0000", "")));
      const { rows } = await client.query("SELECT $1::text[] AS v", [arrayLiteral(clean)]);
      expect(rows[0].v).toEqual(clean);
    }
  });

  it("encodes numbers, booleans and nulls", async () => {
    const { rows } = await client.query(
      "SELECT $1::integer[] AS i, $2::boolean[] AS b, ($3::bigint[])[1] AS n",
      [
        arrayLiteral([1, -2, null, 2147483647]),
        arrayLiteral([true, false, null]),
        arrayLiteral([9007199254740991, 0]),
      ],
    );
    expect(rows[0]).toEqual({ i: [1, -2, null, 2147483647], b: [true, false, null], n: 9007199254740991 });
  });

  it("refuses a number PostgreSQL would misread", () => {
    expect(() => arrayLiteral([Number.NaN])).toThrow(TypeError);
    expect(() => arrayLiteral([Number.POSITIVE_INFINITY])).toThrow(TypeError);
  });
});
