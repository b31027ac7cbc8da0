import type { Clock } from "./clock.ts";

const REAL_TIME = -1n;

/**
 * A clock shared between threads through a SharedArrayBuffer: the sandbox platform runs in a worker
 * thread (sandbox/worker-host.ts) and the history builder on the main thread moves its time. It is
 * simulated while a time is set, and follows the real time otherwise.
 */
export class SharedClock implements Clock {
  private readonly cell: BigInt64Array;

  /** Without a buffer, a new clock following the real time; with one, a view of that clock. */
  constructor(readonly buffer: SharedArrayBuffer = new SharedArrayBuffer(8)) {
    this.cell = new BigInt64Array(buffer);
  }

  static create(): SharedClock {
    const clock = new SharedClock();
    clock.followRealTime();
    return clock;
  }

  now(): number {
    const value = Atomics.load(this.cell, 0);
    return value === REAL_TIME ? Date.now() : Number(value);
  }

  set(ms: number): void {
    Atomics.store(this.cell, 0, BigInt(Math.round(ms)));
  }

  followRealTime(): void {
    Atomics.store(this.cell, 0, REAL_TIME);
  }
}
