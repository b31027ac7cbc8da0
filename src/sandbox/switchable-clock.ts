import type { Clock } from "./clock.ts";

/**
 * The clock of the sandbox started by `npm start`: simulated while the history is built, then the
 * real time for ever after.
 */
export class SwitchableClock implements Clock {
  private simulated: number | null = null;
  now(): number {
    return this.simulated ?? Date.now();
  }
  set(ms: number): void {
    this.simulated = ms;
  }
  followRealTime(): void {
    this.simulated = null;
  }
}
