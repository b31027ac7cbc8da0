import { parentPort, workerData } from "node:worker_threads";
import { createPopulation } from "./population.ts";
import { startSandbox } from "./server.ts";
import { SharedClock } from "./shared-clock.ts";

/** The sandbox platform inside a worker thread (see worker-host.ts). */
export interface SandboxWorkerData {
  seed: number;
  performers: number;
  port: number;
  clockBuffer: SharedArrayBuffer;
}

const data = workerData as SandboxWorkerData;
const population = createPopulation({ seed: data.seed, performers: data.performers });
const sandbox = await startSandbox({ population, clock: new SharedClock(data.clockBuffer), port: data.port });
parentPort?.postMessage({ url: sandbox.url });
parentPort?.on("message", async (message: unknown) => {
  if (message === "close") {
    await sandbox.close();
    parentPort?.postMessage("closed");
  }
});
