import { mulberry32 } from "./prng.ts";

/**
 * Misbehaviour on demand, so the collector's retries, dedupe and parsing are tested against the
 * failures the real feed shows (ONLINE_ROOMS_API.md): 5xx, 429, 403, slow pages, truncated JSON,
 * rooms shifting between pages, fields missing or null.
 */
export type OneShotFault =
  | { kind: "status"; status: number }
  | { kind: "rateLimit"; retryAfterSeconds: number }
  | { kind: "slow"; delayMs: number }
  | { kind: "truncate" }
  | { kind: "shift"; by: number };

export interface PersistentFaults {
  /** every feed answer delayed */
  slowMs?: number;
  /** probability 0..1 of a 503 per feed request */
  errorRate?: number;
  /** each request's window moves by a random amount in [-shiftMax, shiftMax] */
  shiftMax?: number;
  /** probability per room per optional field that the field is absent from the JSON */
  missingFieldRate?: number;
  /** probability per room per field that it is null */
  nullFieldRate?: number;
  /** add unknown fields to rooms (default true: the real feed has them) */
  extraFields?: boolean;
}

export interface FaultController {
  enqueue(...faults: OneShotFault[]): void;
  set(modes: PersistentFaults): void;
  clear(): void;
}

/** What the server must do for one feed request, decided up front. */
export interface FaultPlan {
  /** answer this status instead of the feed (Retry-After when retryAfterSeconds is set) */
  status?: number;
  retryAfterSeconds?: number;
  delayMs: number;
  truncate: boolean;
  shift: number;
  missingFieldRate: number;
  nullFieldRate: number;
  extraFields: boolean;
  /** uniform draws for per-room field faults and the truncation point, from the seeded stream */
  random: () => number;
}

export class Faults implements FaultController {
  private queue: OneShotFault[] = [];
  private modes: PersistentFaults = {};
  private readonly random: () => number;

  constructor(seed: number) {
    this.random = mulberry32(seed ^ 0xfa017);
  }

  enqueue(...faults: OneShotFault[]): void {
    this.queue.push(...faults);
  }

  set(modes: PersistentFaults): void {
    this.modes = { ...modes };
  }

  clear(): void {
    this.queue = [];
    this.modes = {};
  }

  /** Consumes the next one-shot fault (if any) and draws the persistent ones for one request. */
  next(): FaultPlan {
    const m = this.modes;
    const plan: FaultPlan = {
      delayMs: Math.max(0, m.slowMs ?? 0),
      truncate: false,
      shift: 0,
      missingFieldRate: m.missingFieldRate ?? 0,
      nullFieldRate: m.nullFieldRate ?? 0,
      extraFields: m.extraFields ?? true,
      random: this.random,
    };
    // Draw every persistent mode each time, used or not, so one mode's draws do not depend on another's.
    const errorDraw = this.random();
    const shiftDraw = this.random();
    if (m.errorRate !== undefined && errorDraw < m.errorRate) plan.status = 503;
    const shiftMax = Math.floor(m.shiftMax ?? 0);
    if (shiftMax > 0) plan.shift = Math.floor(shiftDraw * (2 * shiftMax + 1)) - shiftMax;

    const fault = this.queue.shift();
    if (fault === undefined) return plan;
    switch (fault.kind) {
      case "status":
        plan.status = fault.status;
        break;
      case "rateLimit":
        plan.status = 429;
        plan.retryAfterSeconds = fault.retryAfterSeconds;
        break;
      case "slow":
        plan.delayMs += Math.max(0, fault.delayMs);
        break;
      case "truncate":
        plan.truncate = true;
        break;
      case "shift":
        plan.shift = fault.by;
        break;
    }
    return plan;
  }
}
