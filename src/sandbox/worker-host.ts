import { Worker } from "node:worker_threads";
// sharp (the worker draws its JPEG thumbnails with it) must be loaded by the main thread before any
// worker thread loads it, on glibc Linux, so its shared libraries outlive the workers.
import "sharp";
import { SharedClock } from "./shared-clock.ts";
import type { SandboxWorkerData } from "./worker-entry.ts";

/**
 * The sandbox platform `npm start` runs: in this process, but on a worker thread of its own, so
 * simulating and serving the feed does not compete with the collector (and later the site) for the
 * main thread. Building the history, both run at once: the first start is about twice as fast.
 */
export interface SandboxWorker {
  url: string;
  clock: SharedClock;
  close(): Promise<void>;
}

export async function startSandboxWorker(options: {
  seed: number;
  performers: number;
  port: number;
}): Promise<SandboxWorker> {
  const clock = SharedClock.create();
  const workerData: SandboxWorkerData = { ...options, clockBuffer: clock.buffer };
  const worker = new Worker(new URL("./worker-bootstrap.mjs", import.meta.url), { workerData });
  const url = await new Promise<string>((resolve, reject) => {
    worker.once("message", (message: { url: string }) => resolve(message.url));
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`the sandbox worker exited with code ${code}`)));
  });
  return {
    url,
    clock,
    close: async () => {
      const closed = new Promise((resolve) => worker.once("message", resolve));
      worker.postMessage("close");
      await closed;
      await worker.terminate();
    },
  };
}
