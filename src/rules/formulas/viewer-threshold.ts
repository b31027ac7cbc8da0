/**
 * The viewer threshold (SPEC §9): how a performer's max viewers is shown without the exact number.
 * Up to 10 gives 10, up to 50 gives 50, up to 100 gives 100, otherwise rounded down to the hundred.
 * Shown as '<N' under 100 viewers and 'N+' from 100 on. "Under 100" is read on the viewers, not
 * on the threshold: 99 viewers is '<100', never '100+' (docs/formulas.md).
 */
export function viewerThreshold(maxViewers: number): number {
  const viewers = Math.max(0, Math.floor(maxViewers));
  if (viewers <= 10) return 10;
  if (viewers <= 50) return 50;
  if (viewers <= 100) return 100;
  return Math.floor(viewers / 100) * 100;
}

/** Grouped by thousands like every other count on the site (followers read "308,621"). */
const grouped = new Intl.NumberFormat("en-US");

export function viewerThresholdLabel(maxViewers: number): string {
  const threshold = grouped.format(viewerThreshold(maxViewers));
  return maxViewers < 100 ? `<${threshold}` : `${threshold}+`;
}

/**
 * The viewer code of a summary search result's enriched name (SPEC §3): F for a threshold of 10,
 * M for 50, L for 100, otherwise the threshold's number of hundreds (docs/formulas.md).
 */
export function viewerCode(maxViewers: number): string {
  const threshold = viewerThreshold(maxViewers);
  if (threshold === 10) return "F";
  if (threshold === 50) return "M";
  if (threshold === 100) return "L";
  return String(threshold / 100);
}
