/** How every page writes its figures: fixed English, whatever the visitor's locale. */
const counts = new Intl.NumberFormat("en-US");

/** A count with digits grouped in threes: "12,345" (decimals, if any, kept to three). */
export function formatCount(value: number): string {
  return counts.format(value);
}

/** A change with its sign: "+1,234", "−56" (a true minus sign), "0". */
export function formatSignedCount(change: number): string {
  if (change > 0) return `+${formatCount(change)}`;
  if (change < 0) return `−${formatCount(-change)}`;
  return "0";
}

/** A length of time: "45 min", "3 h", "5 h 12 min" (minutes rounded). */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = Math.round(minutes % 60);
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${formatCount(hours)} h` : `${formatCount(hours)} h ${rest} min`;
}
