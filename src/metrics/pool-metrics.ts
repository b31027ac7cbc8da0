import { Gauge } from "prom-client";
import { metricsRegistry, onFirstUse } from "./registry.ts";

/** What a pg.Pool tells of itself (pg's Pool, without importing it here). */
export interface PoolLike {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
  readonly options: { max?: number };
}

const pools = new Map<string, PoolLike>();

const poolGauges = onFirstUse(() => {
  const each = (read: (pool: PoolLike) => number) =>
    function (this: Gauge<"pool">) {
      this.reset();
      for (const [name, pool] of pools) this.set({ pool: name }, read(pool));
    };
  return [
    new Gauge({
      name: "camstats_db_pool_connections",
      help: "Connections a database pool holds, in use or idle, by pool (summed over a node's processes)",
      labelNames: ["pool", "state"],
      registers: [metricsRegistry],
      collect() {
        this.reset();
        for (const [name, pool] of pools) {
          this.set({ pool: name, state: "busy" }, pool.totalCount - pool.idleCount);
          this.set({ pool: name, state: "idle" }, pool.idleCount);
        }
      },
    }),
    new Gauge({
      name: "camstats_db_pool_waiting",
      help: "Queries waiting for a free connection, by pool",
      labelNames: ["pool"],
      registers: [metricsRegistry],
      collect: each((pool) => pool.waitingCount),
    }),
    new Gauge({
      name: "camstats_db_pool_max",
      help: "The most connections a pool may open, by pool",
      labelNames: ["pool"],
      registers: [metricsRegistry],
      collect: each((pool) => pool.options.max ?? 10),
    }),
  ];
});

/**
 * Reports a pool under `name` (pipeline: the main process's; web: a server process's) from now
 * on, read when scraped.
 */
export function watchPool(name: string, pool: PoolLike): void {
  poolGauges();
  pools.set(name, pool);
}
