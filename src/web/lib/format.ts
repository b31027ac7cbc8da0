const counts = new Intl.NumberFormat("en-US");

/** A whole count as every page writes it: digits grouped in threes ("12,345"). */
export function formatCount(value: number): string {
  return counts.format(value);
}
