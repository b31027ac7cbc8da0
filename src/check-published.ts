import { readFile } from "node:fs/promises";
import path from "node:path";
import { loadConfig } from "./config.ts";
import { schemaForPath } from "./publish/file-schemas.ts";
import { listTree } from "./publish/tree-digest.ts";

/**
 * `npm run check:published`: reads every published JSON file under PUBLISH_DIR and checks it against
 * its family's schema (src/publish/file-schemas.ts), and that each has its .gz and .br. Prints one
 * line per problem and a summary with the dates of /stats/manifest.json; exits 1 on any problem.
 */
const root = loadConfig().PUBLISH_DIR;
const files = await listTree(root);
const all = new Set(files);
const problems: string[] = [];
let checked = 0;
for (const file of files.filter((f) => f.endsWith(".json")).sort()) {
  checked++;
  const schema = schemaForPath(file);
  if (!schema) {
    problems.push(`${file}: no file family has this path`);
    continue;
  }
  const parsed = schema.safeParse(JSON.parse(await readFile(path.join(root, file), "utf8")));
  if (!parsed.success) problems.push(`${file}: ${parsed.error.message.replace(/\s+/g, " ").slice(0, 300)}`);
  for (const suffix of [".gz", ".br"])
    if (!all.has(file + suffix)) problems.push(`${file}: no ${suffix} beside it`);
}
const manifest = all.has("/stats/manifest.json")
  ? (JSON.parse(await readFile(path.join(root, "stats/manifest.json"), "utf8")) as {
      latest: string;
      days: string[];
    })
  : null;
for (const line of problems) console.log(line);
console.log(
  `${checked} files checked in ${root}: ${problems.length} problems; ` +
    (manifest
      ? `${manifest.days.length} days published, ${manifest.days[0]} to ${manifest.latest}`
      : "no manifest yet"),
);
process.exit(problems.length > 0 ? 1 : 0);
