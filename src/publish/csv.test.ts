import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toCsv } from "./csv.ts";

/** A minimal RFC 4180 reader, to check that what toCsv writes reads back as the same cells. */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else field += c;
  }
  return rows;
}

describe("toCsv", () => {
  it("writes a header and rows with CRLF, quoting only what must be quoted", () => {
    expect(
      toCsv(
        ["rank", "username", "tags"],
        [
          [1, "anna", "asian latina"],
          [2, 'say "hi", ok', null],
        ],
      ),
    ).toBe('rank,username,tags\r\n1,anna,asian latina\r\n2,"say ""hi"", ok",\r\n');
  });

  it("keeps negative numbers as numbers but defuses text a spreadsheet would run", () => {
    expect(toCsv(["a", "b", "c"], [[-12, "=1+1", "@SUM(A1)"]])).toBe("a,b,c\r\n-12,'=1+1,'@SUM(A1)\r\n");
  });

  it("refuses a row of the wrong width and a number that is not finite", () => {
    expect(() => toCsv(["a", "b"], [[1]])).toThrow("a CSV row has 1 cells for 2 columns");
    expect(() => toCsv(["a"], [[Number.NaN]])).toThrow("not a finite number");
  });

  it("reads back as the same cells, whatever the text", () => {
    const text = fc.string({ unit: "binary" }).filter((s) => !/^[=+\-@\t\r]/.test(s));
    fc.assert(
      fc.property(fc.array(fc.tuple(text, fc.integer())), (rows) => {
        const back = readCsv(toCsv(["t", "n"], rows));
        expect(back).toEqual([["t", "n"], ...rows.map(([t, n]) => [t, String(n)])]);
      }),
    );
  });
});
