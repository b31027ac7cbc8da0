/**
 * A table's rows sent column by column: `{ a: [a0, a1, …], b: [b0, b1, …] }` for
 * `[{ a: a0, b: b0 }, { a: a1, b: b1 }, …]`. React Router encodes a loader's data with turbo-stream
 * on every render, at a cost that grows with the objects and keys in it, so n rows of k fields go as
 * k arrays rather than n objects of k keys; and only the fields named go, those the page renders.
 */
export type Columns<Row> = { [K in keyof Row]: Row[K][] };

/** The rows' named fields, one array each. */
export function toColumns<Row, K extends keyof Row>(
  rows: readonly Row[],
  keys: readonly K[],
): Columns<Pick<Row, K>> {
  const columns: Partial<Columns<Pick<Row, K>>> = {};
  for (const key of keys) columns[key] = rows.map((row) => row[key]);
  return columns as Columns<Pick<Row, K>>;
}

/** The rows again, for rendering (objects are cheap to make; only their encoding is dear). */
export function toRows<Row>(columns: Columns<Row>): Row[] {
  const keys = Object.keys(columns) as (keyof Row)[];
  const first = keys[0];
  const length = first === undefined ? 0 : columns[first].length;
  return Array.from({ length }, (_, index) => {
    const row: Partial<Row> = {};
    for (const key of keys) row[key] = columns[key][index];
    return row as Row;
  });
}
