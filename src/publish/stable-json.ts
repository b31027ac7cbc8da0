/**
 * JSON with object keys in sorted order, so the same data always gives the same bytes: a rebuild
 * must produce byte-identical files (issue 3), whatever order a query or a Map produced the keys in.
 * Arrays keep their order (the order of a ranking is data).
 */
export function stableJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value instanceof Date) return value.toISOString();
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries.map(([k, v]) => [k, sortKeys(v)]));
  }
  if (typeof value === "number" && !Number.isFinite(value)) {
    throw new TypeError(`not a finite number: ${value}`);
  }
  return value;
}
