/**
 * The global audience: how many viewers are around at a UTC instant, relative to the daily peak.
 * Trough in the European morning (07-10 UTC), peak in the European night / American evening
 * (23-02 UTC), about 10 % higher at weekends. Hourly levels are interpolated with a cosine so the
 * curve has no corners.
 */
const HOURLY: readonly number[] = [
  1.0, 1.0, 0.97, 0.92, 0.85, 0.75, 0.64, 0.56, 0.52, 0.52, 0.55, 0.58, 0.62, 0.65, 0.68, 0.71, 0.74, 0.78,
  0.82, 0.86, 0.9, 0.94, 0.97, 0.99,
];

const DAY_SEC = 86_400;
const WEEK_SEC = 7 * DAY_SEC;
/** 1970-01-01 was a Thursday; the week here starts on Saturday 00:00 UTC. */
const SATURDAY_OFFSET_SEC = 2 * DAY_SEC;
const RAMP_SEC = 6 * 3600;

export function audienceAt(epochSec: number): number {
  const hour = (((epochSec % DAY_SEC) + DAY_SEC) % DAY_SEC) / 3600;
  const h0 = Math.floor(hour);
  const f = hour - h0;
  const a = HOURLY[h0 % 24] ?? 1;
  const b = HOURLY[(h0 + 1) % 24] ?? 1;
  const w = (1 - Math.cos(Math.PI * f)) / 2;
  return (a + (b - a) * w) * (1 + 0.1 * weekendness(epochSec));
}

/** 1 during Saturday and Sunday UTC, 0 on weekdays, with six-hour linear ramps at both ends. */
function weekendness(epochSec: number): number {
  const t = (((epochSec - SATURDAY_OFFSET_SEC) % WEEK_SEC) + WEEK_SEC) % WEEK_SEC;
  const weekendEnd = 2 * DAY_SEC;
  if (t < weekendEnd)
    return Math.min(1, (t + RAMP_SEC / 2) / RAMP_SEC, (weekendEnd + RAMP_SEC / 2 - t) / RAMP_SEC);
  if (t > WEEK_SEC - RAMP_SEC / 2) return (t - (WEEK_SEC - RAMP_SEC / 2)) / RAMP_SEC;
  if (t < weekendEnd + RAMP_SEC / 2) return (weekendEnd + RAMP_SEC / 2 - t) / RAMP_SEC;
  return 0;
}
