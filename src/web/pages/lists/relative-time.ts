const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"} ago`;

/**
 * When something happened, said as people say it: 'just now', '5 minutes ago', '3 hours ago',
 * '2 days ago', and the day itself past 60 days. `now` is the page's instant (the loader's), so the
 * server's text and the browser's first render agree.
 */
export function agoText(iso: string | null, now: number): string | null {
  if (iso === null) return null;
  const at = Date.parse(iso);
  if (!Number.isFinite(at)) return null;
  const elapsed = Math.max(0, now - at);
  if (elapsed < MINUTE) return "just now";
  if (elapsed < HOUR) return count(Math.floor(elapsed / MINUTE), "minute");
  if (elapsed < DAY) return count(Math.floor(elapsed / HOUR), "hour");
  if (elapsed < 60 * DAY) return count(Math.floor(elapsed / DAY), "day");
  return `on ${new Date(at).toISOString().slice(0, 10)}`;
}
