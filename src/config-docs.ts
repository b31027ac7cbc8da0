import type { z } from "zod";
import { configSchema, type VariableDoc, variableDocs } from "./config.ts";

/**
 * The operator's guide's table of every environment variable (docs/operations.md), made from the
 * configuration schema and the doc each variable carries there (src/config.ts), so that the guide
 * has no hand-kept list to drift. `npm run config-docs` (scripts/config-docs.ts) writes or checks it.
 */

export interface VariableRow {
  name: string;
  /** As the guide shows it: `value` in backticks, (unset), (none), or the words of a computed one. */
  default: string;
  roles: string;
  meaning: string;
}

export const TABLE_BEGIN =
  "<!-- config-docs:begin: generated from src/config.ts by `npm run config-docs -- --write`; edit the schema, not this table -->";
export const TABLE_END = "<!-- config-docs:end -->";

const HEADER = ["variable", "default", "read by (`SITE_ROLE`)", "meaning"] as const;

interface DefShape {
  type: string;
  in?: z.core.$ZodType;
  innerType?: z.core.$ZodType;
  defaultValue?: unknown;
}

/**
 * The value a variable takes when unset, as the operator would write it: the schema's `.default()`
 * on the way in (before any transform), or undefined when it has none.
 */
export function schemaDefault(schema: z.core.$ZodType): unknown {
  const def = schema._zod.def as DefShape;
  if (def.type === "default") return def.defaultValue;
  if (def.type === "pipe" && def.in) return schemaDefault(def.in);
  return undefined;
}

function shownDefault(name: string, value: unknown, doc: VariableDoc): string {
  if (doc.computedDefault !== undefined) {
    if (value !== undefined) {
      throw new Error(
        `${name}: the schema has a default (${JSON.stringify(value)}) and its doc a computedDefault; keep the schema's only`,
      );
    }
    return doc.computedDefault;
  }
  if (value === undefined) return "(unset)";
  if (value === "") return "(none)";
  return `\`${String(value)}\``;
}

/** One row per variable of the schema, in the schema's order; a variable without its doc is an error. */
export function variableRows(): VariableRow[] {
  return Object.entries(configSchema.shape).map(([name, schema]) => {
    const doc = variableDocs.get(schema);
    if (doc === undefined) {
      throw new Error(
        `${name} has no doc in src/config.ts: wrap its schema in documented(…, { meaning, roles })`,
      );
    }
    return {
      name,
      default: shownDefault(name, schemaDefault(schema), doc),
      roles: doc.roles.map((role) => `\`${role}\``).join(", "),
      meaning: doc.meaning,
    };
  });
}

const cellsOf = (row: VariableRow): string[] => [`\`${row.name}\``, row.default, row.roles, row.meaning];

const escapeCell = (text: string) => text.replaceAll("|", "\\|");

/** The table in Markdown, its columns padded to one width as the repository's other tables are. */
export function renderTable(rows: readonly VariableRow[]): string {
  const body = rows.map((row) => cellsOf(row).map(escapeCell));
  const widths = HEADER.map((title, i) =>
    Math.max(title.length, ...body.map((cells) => cells[i]?.length ?? 0)),
  );
  const line = (cells: readonly string[]) =>
    `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  const rule = `| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`;
  return [line(HEADER), rule, ...body.map(line)].join("\n");
}

/** The text between the markers, or null when a marker is missing. */
function between(document: string): { before: string; inside: string; after: string } | null {
  const begin = document.indexOf(TABLE_BEGIN);
  const end = document.indexOf(TABLE_END);
  if (begin === -1 || end === -1 || end < begin) return null;
  return {
    before: document.slice(0, begin + TABLE_BEGIN.length),
    inside: document.slice(begin + TABLE_BEGIN.length, end),
    after: document.slice(end),
  };
}

/** The document with the table between its markers replaced by `table`. */
export function withTable(document: string, table: string): string {
  const parts = between(document);
  if (parts === null) throw new Error(`the document has no ${TABLE_BEGIN} … ${TABLE_END} markers`);
  return `${parts.before}\n\n${table}\n\n${parts.after}`;
}

/** Cells of a Markdown table row, split on the pipes that are not escaped, trimmed. */
function splitRow(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, "")
    .replace(/(?<!\\)\|$/, "")
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim().replaceAll("\\|", "|"));
}

/**
 * What differs between the table the schema makes and the one in the document, one line per
 * variable (named first), empty when they agree. Padding is ignored: a longer meaning widens every
 * row, yet only its variable differs.
 */
export function tableDifferences(rows: readonly VariableRow[], document: string): string[] {
  const parts = between(document);
  if (parts === null) return [`the document has no ${TABLE_BEGIN} … ${TABLE_END} markers`];
  const documented = new Map<string, string[]>();
  for (const line of parts.inside.split("\n")) {
    const cells = splitRow(line);
    const name = /^`([A-Z][A-Z0-9_]*)`$/.exec(cells[0] ?? "")?.[1];
    if (line.trim().startsWith("|") && name !== undefined) documented.set(name, cells);
  }
  const differences: string[] = [];
  for (const row of rows) {
    const cells = documented.get(row.name);
    const expected = cellsOf(row);
    if (cells === undefined) {
      differences.push(`${row.name}: missing from the document's table`);
      continue;
    }
    documented.delete(row.name);
    HEADER.forEach((column, i) => {
      if (cells[i] !== expected[i]) {
        differences.push(
          `${row.name}: its ${column} reads ${JSON.stringify(cells[i])} in the document, ${JSON.stringify(expected[i])} in the schema`,
        );
      }
    });
  }
  for (const name of documented.keys())
    differences.push(`${name}: in the document's table, not in the schema`);
  return differences;
}
