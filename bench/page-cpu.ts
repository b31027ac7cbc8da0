import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import { startEmbeddedPostgres } from "../src/db/embedded.ts";
import { isMix, mixPaths } from "./page-mixes.ts";
import { median } from "./search-report.ts";
import { startServerChild } from "./search-server-child.ts";

/**
 * `npm run bench:page-cpu -- --data-dir DIR`: what one page of a mix costs the machine, in CPU:
 * the server process's and PostgreSQL's, per page. The paced latency of `bench:pages` depends on
 * how busy the cores are, and so on this; but it is a noisy way to see a change of a tenth in it,
 * and this is a steadier one.
 *
 * Each round starts a server process of its own (bench/search-server.ts: one process, the page
 * cache on, 10 database connections, as one of `npm start`'s), asks for --warm distinct addresses
 * of --mix to warm it, then --pages more, two at a time (both cores stay in use, nothing queues),
 * as a browser asks: its User-Agent (not a crawler, so the live lookup runs) and its
 * Accept-Encoding (so the first render is compressed, as a visitor's is). It reads the CPU time
 * (user and system, all threads) of the server process and of the PostgreSQL processes of DIR's
 * cluster from /proc before and after. Every address is asked for once in the whole run: the
 * rounds take their own slices.
 */
const { values: args } = parseArgs({
  options: {
    "data-dir": { type: "string" },
    mix: { type: "string", default: "@performers" },
    pages: { type: "string", default: "1000" },
    warm: { type: "string", default: "500" },
    rounds: { type: "string", default: "3" },
  },
});
const dataDir = args["data-dir"];
const mix = args.mix as string;
if (!dataDir || !isMix(mix)) {
  console.error(
    "usage: npm run bench:page-cpu -- --data-dir DIR [--mix @performers|@search] [--pages 1000] [--warm 500] [--rounds 3]\n" +
      "DIR is the data directory of an npm start that has published its days (stopped).",
  );
  process.exit(2);
}
const pages = Number(args.pages);
const warm = Number(args.warm);
const rounds = Number(args.rounds);
const BROWSER = {
  "user-agent":
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36",
  "accept-encoding": "gzip, deflate, br",
};
/** Clock ticks a second (USER_HZ): 100 on Linux. */
const TICKS_PER_SECOND = 100;

/** CPU time in ms (user and system, all threads) of a process, from /proc; 0 once it is gone. */
function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** The PostgreSQL server of the cluster (postmaster.pid's first line) and its children: backends and workers. */
function postgresCpuMs(clusterDir: string): number {
  const postmaster = Number(readFileSync(path.join(clusterDir, "postmaster.pid"), "utf8").split("\n")[0]);
  const children = readFileSync(`/proc/${postmaster}/task/${postmaster}/children`, "utf8")
    .split(" ")
    .filter(Boolean)
    .map(Number);
  return [postmaster, ...children].reduce((sum, pid) => sum + cpuMs(pid), 0);
}

process.env.NODE_ENV = "production"; // the server child inherits it: React's production renderer
const database = await startEmbeddedPostgres({ dataDir, port: 0 });
const clusterDir = path.resolve(dataDir, "pg");
const all = await mixPaths(database.urlFor("camstats"), mix, rounds * (warm + pages));
if (all.length < rounds * (warm + pages)) {
  console.log(`${mix}: only ${all.length} addresses; some are asked for more than once`);
}
const results: { server: number; postgres: number; wall: number }[] = [];
try {
  for (let round = 0; round < rounds; round++) {
    const server = await startServerChild({
      databaseUrl: database.urlFor("camstats"),
      publishDir: path.join(dataDir, "public"),
      mode: "indexed",
      now: Date.now(),
      processes: 1,
      pool: 10,
    });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
    const get = (page: string) =>
      new Promise<number>((resolve, reject) => {
        http
          .get({ host: "127.0.0.1", port: server.port, path: page, agent, headers: BROWSER }, (response) => {
            response.resume();
            response.on("end", () => resolve(response.statusCode ?? 0));
          })
          .on("error", reject);
      });
    try {
      const start = (round * (warm + pages)) % Math.max(1, all.length);
      const slice = Array.from({ length: warm + pages }, (_, i) => all[(start + i) % all.length] as string);
      for (const page of slice.slice(0, warm)) await get(page);
      const timed = slice.slice(warm);
      const server0 = cpuMs(server.pid);
      const postgres0 = postgresCpuMs(clusterDir);
      const started = performance.now();
      let next = 0;
      const failed: string[] = [];
      await Promise.all(
        [0, 1].map(async () => {
          while (next < timed.length) {
            const page = timed[next++] as string;
            const status = await get(page);
            if (status !== 200) failed.push(`${page}: ${status}`);
          }
        }),
      );
      const result = {
        server: (cpuMs(server.pid) - server0) / timed.length,
        postgres: (postgresCpuMs(clusterDir) - postgres0) / timed.length,
        wall: (performance.now() - started) / timed.length,
      };
      if (failed.length > 0) throw new Error(`pages that did not answer 200:\n${failed.join("\n")}`);
      results.push(result);
      console.log(
        `round ${round + 1}: server ${result.server.toFixed(2)} ms, PostgreSQL ${result.postgres.toFixed(2)} ms of CPU a page; ${result.wall.toFixed(2)} ms a page, two at a time`,
      );
    } finally {
      agent.destroy();
      await server.stop();
    }
  }
} finally {
  await database.stop();
}
const server = median(results.map((r) => r.server));
const postgres = median(results.map((r) => r.postgres));
console.log(
  `\n${mix}, ${pages} distinct pages a round, median of ${rounds} rounds: server ${server.toFixed(2)} ms + PostgreSQL ${postgres.toFixed(2)} ms = ${(server + postgres).toFixed(2)} ms of CPU a page`,
);
