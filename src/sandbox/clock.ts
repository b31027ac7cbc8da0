/**
 * Time source for the sandbox. The feed server and everything that simulates history read the time
 * through a Clock, so tests and the history builder can move time by hand instead of waiting.
 */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}

/** A clock that only moves when told to: deterministic tests and fast history building. */
export class ManualClock implements Clock {
  private ms: number;

  constructor(startMs: number) {
    this.ms = startMs;
  }

  now(): number {
    return this.ms;
  }

  set(ms: number): void {
    this.ms = ms;
  }

  advance(ms: number): void {
    this.ms += ms;
  }
}

export const systemClock: Clock = { now: () => Date.now() };
