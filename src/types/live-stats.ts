/** Rooms and viewers of one poll, all genders and per gender (the feed's codes). */
export interface LiveFigures {
  rooms: number;
  viewers: number;
}

/** GET /v1/live_stats and the /live-stats page: the platform now and over the last 24 hours. */
export interface LiveStats {
  /** The latest complete poll's instant (ISO), or null before any. */
  observedAt: string | null;
  now: (LiveFigures & { byGender: Record<"f" | "m" | "c" | "t", LiveFigures> }) | null;
  /** The complete poll nearest to 24 hours before `observedAt` (within half an hour), or null. */
  dayBefore: (LiveFigures & { observedAt: string }) | null;
  /** The 24 hours up to `observedAt` in 10-minute steps (UTC), averaged over each step's complete polls; null where none. */
  last24h: { at: string; rooms: number | null; viewers: number | null }[];
}
