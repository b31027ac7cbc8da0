const DAY_MS = 86_400_000;

function dayStart(day: string): number {
  const ms = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day) {
    throw new Error(`not a day (YYYY-MM-DD): ${JSON.stringify(day)}`);
  }
  return ms;
}

/** The UTC day `n` days after `day` (before it when n is negative), as "YYYY-MM-DD". */
export function addDays(day: string, n: number): string {
  return new Date(dayStart(day) + n * DAY_MS).toISOString().slice(0, 10);
}

/** The `count` UTC months ending with the month of `day`, oldest first, as "YYYY-MM". */
export function monthsEndingWith(day: string, count: number): string[] {
  const start = new Date(dayStart(day));
  const months: string[] = [];
  for (let back = count - 1; back >= 0; back--) {
    const first = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() - back, 1));
    months.push(first.toISOString().slice(0, 7));
  }
  return months;
}
