/**
 * PostgreSQL array literals for batch parameters (`$1::integer[]`). pg's generic serializer costs
 * ~60 ms per 10,000-row poll on this machine; this one is several times faster, because it only
 * knows the element types we send: strings, numbers, booleans and null.
 */

const NEEDS_ESCAPE = /["\\]/;

function element(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new TypeError(`not a finite number: ${value}`);
    return String(value);
  }
  if (typeof value === "boolean") return value ? "t" : "f";
  // Quoted always: an unquoted NULL, empty string, comma or brace would change the meaning.
  return NEEDS_ESCAPE.test(value) ? `"${value.replace(/[\\"]/g, "\\$&")}"` : `"${value}"`;
}

export function arrayLiteral(values: ReadonlyArray<string | number | boolean | null | undefined>): string {
  const parts = new Array<string>(values.length);
  for (let i = 0; i < values.length; i++) parts[i] = element(values[i]);
  return `{${parts.join(",")}}`;
}
