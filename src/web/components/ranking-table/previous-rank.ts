/** How a row's rank moved since the day before: ▲ up, ▼ down, = the same, or new to the list. */
export type RankMove =
  | { kind: "new" }
  | { kind: "up" | "down" | "same"; arrow: "▲" | "▼" | "="; words: string };

export function previousRankMove(rank: number, previous: number | null): RankMove {
  if (previous === null) return { kind: "new" };
  if (previous > rank) return { kind: "up", arrow: "▲", words: `up ${previous - rank}` };
  if (previous < rank) return { kind: "down", arrow: "▼", words: `down ${rank - previous}` };
  return { kind: "same", arrow: "=", words: "same rank" };
}
