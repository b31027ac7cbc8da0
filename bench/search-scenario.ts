import { runLoad } from "./http-load.ts";
import { runPacedLoad } from "./http-paced.ts";
import { mb, runLine, type ScenarioResult, summarise, type Target } from "./search-report.ts";
import type { ServerMode } from "./search-server.ts";
import { startServerChild } from "./search-server-child.ts";

/**
 * One scenario of `npm run bench:search`: a server of its own (a child process), the mix asked once
 * and checked, an untimed warm-up, then the timed runs of autocannon against it.
 */

export interface Scenario {
  key: string;
  name: string;
  mode: ServerMode;
  paths: readonly string[];
  target?: Target;
  /** Also time the mix offered at this many requests per second (latency at a given load). */
  pacedRate?: number;
  /** The server's database connections (4 by default; npm start's server processes have 10). */
  pool?: number;
  /** Another checkout's server (bench:search --baseline); this checkout's by default. */
  serverScript?: string;
  /** Asks each query once before the timing; throws if one cannot be timed. */
  verify(url: string): Promise<void>;
  /** Starts work beside the load, after verify and before the warm-up; what it returns stops it. */
  beside?(): () => Promise<void>;
}

export interface ScenarioSettings {
  databaseUrl: string;
  publishDir: string;
  /** The data's instant: the servers' search clock. */
  now: number;
  connections: number;
  /** Seconds of each timed run. */
  duration: number;
  runs: number;
  /** Seconds of untimed load first, so the runs measure warm (JIT-compiled) code. */
  warmup: number;
  /** Where a run that cannot be trusted (errors, non-2xx, no answers) says why. */
  failures: string[];
}

/**
 * Waits until the server has worked off what the last load left queued. autocannon closes its
 * connections when its time is up, but the server still runs the requests it had read (on a slow
 * baseline, up to one per connection, seconds of work), which would land in the next run's
 * timings. A request sent now is read after those, so its answer means they are done.
 */
async function settle(url: string, paths: readonly string[]): Promise<void> {
  const response = await fetch(`${url}${paths[0]}`);
  await response.arrayBuffer();
}

export async function runScenario(scenario: Scenario, settings: ScenarioSettings): Promise<ScenarioResult> {
  const { connections, duration, runs: runCount, warmup, failures } = settings;
  console.log(`\n(${scenario.key}) ${scenario.name}: starting the server (${scenario.mode})...`);
  const server = await startServerChild({
    databaseUrl: settings.databaseUrl,
    publishDir: settings.publishDir,
    mode: scenario.mode,
    now: settings.now,
    ...(scenario.pool === undefined ? {} : { pool: scenario.pool }),
    ...(scenario.serverScript === undefined ? {} : { serverScript: scenario.serverScript }),
  });
  let stopBeside: (() => Promise<void>) | undefined;
  try {
    const ready = server.readyMs ? `, index ready in ${(server.readyMs / 1000).toFixed(1)} s` : "";
    console.log(
      `  listening on ${server.url}${ready}, RSS ${mb(server.rssMb)}, retained ${mb(server.retainedMb)}`,
    );
    await scenario.verify(server.url);
    stopBeside = scenario.beside?.();
    if (warmup > 0) {
      console.log(`  warming up: ${warmup} s...`);
      await runLoad(server.url, scenario.paths, { connections, seconds: warmup });
    }
    const timed = async (label: string, rate?: number) => {
      const runs = [];
      for (let run = 1; run <= runCount; run++) {
        await settle(server.url, scenario.paths);
        const pace = rate === undefined ? "as fast as answered" : `paced at ${rate}/s`;
        console.log(
          `  ${label} run ${run}/${runCount}: ${duration} s at ${connections} connections, ${pace}, ${scenario.paths.length} queries...`,
        );
        const load =
          rate === undefined
            ? await runLoad(server.url, scenario.paths, {
                connections,
                seconds: duration,
                progress: (s, n) => console.log(`    ${s} s: ${n} answers`),
              })
            : await runPacedLoad(server.url, scenario.paths, { connections, seconds: duration, rate });
        console.log(`    ${runLine(load)}`);
        if (Number.isNaN(load.p50))
          failures.push(`(${scenario.key}) ${label} run ${run}: no answer within the run`);
        if (load.errors + load.timeouts + load.non2xx > 0) {
          failures.push(
            `(${scenario.key}) ${label} run ${run}: ${load.errors} errors, ${load.timeouts} timeouts, ${load.non2xx} non-2xx ` +
              `(${JSON.stringify(load.statusCodes)})`,
          );
        }
        runs.push(load);
      }
      return runs;
    };
    const runs = await timed("saturated");
    const rate = scenario.pacedRate;
    const paced = rate === undefined ? undefined : { rate, runs: await timed("paced", rate) };
    const { peakRssMb, rssMb: rssAfterRunsMb } = await server.stats();
    const { key, name, target } = scenario;
    return summarise(
      {
        key,
        name,
        target,
        readyMs: server.readyMs,
        rssMb: server.rssMb,
        rssAfterRunsMb,
        retainedMb: server.retainedMb,
        peakRssMb,
      },
      runs,
      paced,
    );
  } finally {
    await stopBeside?.();
    await server.stop();
  }
}
