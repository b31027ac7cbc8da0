import { parseArgs } from "node:util";
import { sql } from "kysely";
import { loadConfig } from "../src/config.ts";
import { createLogger } from "../src/log.ts";
import { createSearchService } from "../src/search/search-service.ts";
import { buildApp } from "../src/server/app.ts";
import { openToolDatabase } from "../src/start/tool-database.ts";
import { median } from "./search-report.ts";

/**
 * `npm run bench:api-compression -- --data-dir DIR`: what compression and ETags cost and save on
 * the API's dynamic answers. Two apps in this process over the same database and search index,
 * one with the API's compression (src/server/api/compression.ts) and one without, answer the same
 * requests, as a browser asks (Accept-Encoding: gzip, deflate, br), in alternating rounds. For
 * each endpoint: the bytes of an answer and this process's CPU time per answer (user and system),
 * the medians over the rounds. DIR is the data directory of an `npm start` (running or stopped).
 */
const { values: args } = parseArgs({
  options: {
    "data-dir": { type: "string" },
    requests: { type: "string", default: "200" },
    rounds: { type: "string", default: "5" },
  },
});
if (!args["data-dir"]) {
  console.error("usage: npm run bench:api-compression -- --data-dir DIR [--requests 200] [--rounds 5]");
  process.exit(2);
}
const requests = Number(args.requests);
const rounds = Number(args.rounds);
const config = loadConfig({ DATA_DIR: args["data-dir"] });
const database = await openToolDatabase(config, createLogger("warn", "bench"));
const { rows } = await sql<{ username: string }>`
  SELECT username FROM performers ORDER BY last_seen DESC LIMIT 50`.execute(database.db);
const names = rows.map((r) => r.username);
const search = createSearchService(database.db);
const apps = {
  plain: buildApp({
    db: database.db,
    publishDir: "/nonexistent",
    rateLimitPerMinute: 0,
    search,
    apiCompression: false,
  }),
  compressed: buildApp({ db: database.db, publishDir: "/nonexistent", rateLimitPerMinute: 0, search }),
};
const endpoints: Record<string, (i: number) => string> = {
  "/api/streamers": () => "/api/streamers",
  "/api/model_search": (i) =>
    [
      "/api/model_search",
      "/api/model_search?gender=f&orderBy=viewers",
      `/api/model_search?searchTerm=${names[i % names.length]?.slice(0, 3)}`,
    ][i % 3] ?? "",
  "/api/stream_details": (i) => `/api/stream_details?modelName=${names[i % names.length]}`,
};
const headers = { "accept-encoding": "gzip, deflate, br" };

type Sample = { bytes: number; cpuMs: number };
const samples = new Map<string, Sample[]>();
async function measure(
  kind: keyof typeof apps,
  endpoint: string,
  path: (i: number) => string,
): Promise<void> {
  let bytes = 0;
  const before = process.cpuUsage();
  for (let i = 0; i < requests; i++) {
    const response = await apps[kind].inject({ method: "GET", url: path(i), headers });
    if (response.statusCode !== 200)
      throw new Error(`${path(i)}: ${response.statusCode} ${response.payload}`);
    bytes += response.rawPayload.length;
  }
  const cpu = process.cpuUsage(before);
  const key = `${endpoint} ${kind}`;
  samples.set(key, [
    ...(samples.get(key) ?? []),
    { bytes: bytes / requests, cpuMs: (cpu.user + cpu.system) / 1000 / requests },
  ]);
}

// Warm both: the search index loads, the JIT settles.
for (const [endpoint, path] of Object.entries(endpoints)) {
  for (const kind of ["plain", "compressed"] as const) await measure(kind, endpoint, path);
}
samples.clear();
for (let round = 0; round < rounds; round++) {
  for (const [endpoint, path] of Object.entries(endpoints)) {
    const order = round % 2 === 0 ? (["plain", "compressed"] as const) : (["compressed", "plain"] as const);
    for (const kind of order) await measure(kind, endpoint, path);
  }
}
console.log(`${requests} requests an endpoint and kind a round, ${rounds} rounds, medians:`);
console.log("| endpoint | bytes plain | bytes br | ratio | CPU ms plain | CPU ms br | ratio |");
console.log("|---|---:|---:|---:|---:|---:|---:|");
for (const endpoint of Object.keys(endpoints)) {
  const plain = samples.get(`${endpoint} plain`) ?? [];
  const compressed = samples.get(`${endpoint} compressed`) ?? [];
  const b0 = median(plain.map((s) => s.bytes));
  const b1 = median(compressed.map((s) => s.bytes));
  const c0 = median(plain.map((s) => s.cpuMs));
  const c1 = median(compressed.map((s) => s.cpuMs));
  console.log(
    `| ${endpoint} | ${Math.round(b0)} | ${Math.round(b1)} | ${(b1 / b0).toFixed(3)} | ${c0.toFixed(3)} | ${c1.toFixed(3)} | ${(c1 / c0).toFixed(2)} |`,
  );
}
await Promise.all(Object.values(apps).map((app) => app.close()));
await database.close();
