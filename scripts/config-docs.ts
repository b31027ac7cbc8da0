import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { renderTable, tableDifferences, variableRows, withTable } from "../src/config-docs.ts";

/**
 * The operator's guide's table of environment variables, from the configuration schema
 * (src/config.ts, src/config-docs.ts):
 *
 *   npm run config-docs                 prints the table
 *   npm run config-docs -- --write      rewrites it between the markers of docs/operations.md
 *   npm run config-docs -- --check      exits 1, naming each variable that differs, when the guide is stale
 */

const GUIDE = fileURLToPath(new URL("../docs/operations.md", import.meta.url));
const USAGE = "usage: npm run config-docs [-- --write | --check]";

const mode = process.argv[2];
const rows = variableRows();
const table = renderTable(rows);

if (mode === undefined) {
  console.log(table);
} else if (mode === "--write") {
  const before = readFileSync(GUIDE, "utf8");
  const after = withTable(before, table);
  if (after !== before) writeFileSync(GUIDE, after);
  console.log(`${after === before ? "unchanged" : "rewrote"}: docs/operations.md (${rows.length} variables)`);
} else if (mode === "--check") {
  const document = readFileSync(GUIDE, "utf8");
  const differences = tableDifferences(rows, document);
  // Same cells in another order or padding: still a table --write would change.
  if (differences.length === 0 && withTable(document, table) !== document) {
    differences.push("the table's rows are right but its order or padding differs");
  }
  if (differences.length > 0) {
    console.error(`docs/operations.md's variables differ from src/config.ts:\n  ${differences.join("\n  ")}`);
    console.error(
      "Run `npm run config-docs -- --write` (and edit a variable's doc in src/config.ts, not the table).",
    );
    process.exit(1);
  }
  console.log(`docs/operations.md: all ${rows.length} variables as the schema says`);
} else {
  console.error(USAGE);
  process.exit(2);
}
