/** One CSV cell: text, a number, or nothing (an empty cell). */
export type CsvCell = string | number | null;

/** A spreadsheet would run a text cell starting with one of these as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: CsvCell): string {
  if (value === null) return "";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new TypeError(`not a finite number: ${value}`);
    return String(value);
  }
  // Text only: a negative number stays a number.
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * RFC 4180 CSV: a header line, then one line per row, CRLF after every line, fields quoted only
 * when they must be. The same rows always give the same bytes (the open data files are rebuilt).
 */
export function toCsv(columns: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [columns.map(cell).join(",")];
  for (const row of rows) {
    if (row.length !== columns.length) {
      throw new RangeError(`a CSV row has ${row.length} cells for ${columns.length} columns`);
    }
    lines.push(row.map(cell).join(","));
  }
  return `${lines.join("\r\n")}\r\n`;
}
