const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

/**
 * When a signed-in device was last active, as /settings says it: "5 minutes ago", "yesterday", or a
 * day past a month. Under 5 minutes is "in the last few minutes": the server keeps last use in
 * 5-minute steps (decision 0042), so it cannot say better.
 */
export function lastActiveText(iso: string, nowMs: number): string {
  const minutes = Math.round((nowMs - Date.parse(iso)) / 60_000);
  if (!Number.isFinite(minutes)) return "at an unknown time";
  if (minutes < 5) return "in the last few minutes";
  if (minutes < 60) return relative.format(-minutes, "minute");
  const hours = Math.round(minutes / 60);
  if (hours < 24) return relative.format(-hours, "hour");
  const days = Math.round(hours / 24);
  if (days <= 30) return relative.format(-days, "day");
  return `on ${new Date(iso).toLocaleDateString("en", { dateStyle: "medium", timeZone: "UTC" })}`;
}
