/**
 * When a refused sign-in answers (issue 27, point 2). A refusal must take as long for an address
 * with an account as for one without; its work (a password hash checked, real or stand-in) is
 * padded to ANSWER_FLOOR_MS. On a server loaded enough that the work itself outlasts the floor,
 * the floor hid nothing: the known address's extra lookups showed (medians 20 ms apart). So the
 * padding also reaches the slower refusals of late: the 90th percentile of the last `window`
 * refusals' work, known and unknown alike, and most refusals leave at the same time again.
 */
export function refusalFloor(floorMs: number, window = 32) {
  const recent: number[] = [];
  return {
    /** Records this refusal's work time; answers how long after its start it should leave. */
    floorFor(workMs: number): number {
      if (floorMs <= 0) return 0;
      recent.push(workMs);
      if (recent.length > window) recent.shift();
      const sorted = [...recent].sort((a, b) => a - b);
      const p90 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.9))] ?? 0;
      return Math.max(floorMs, p90);
    },
  };
}
