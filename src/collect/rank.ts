import type { Gender, ParsedRoom } from "../platform/parse-room.ts";

export interface RankedRoom extends ParsedRoom {
  rank: number | null;
  genderRank: number | null;
}

/**
 * Rank in a poll: position by viewers among all rooms of the poll; gender rank: within the gender
 * (DESIGN.md §4). Ties go by username so the same poll always ranks the same way. A room without a
 * viewer count takes no place; one without a gender is ranked but has no gender rank. A poll that is not complete ranks nobody: a position among
 * the rooms we happened to get would be a wrong number.
 */
export function rankRooms(rooms: ParsedRoom[], complete: boolean): RankedRoom[] {
  if (!complete) return rooms.map((room) => ({ ...room, rank: null, genderRank: null }));
  const order = rooms
    .map((room, index) => ({ room, index }))
    .filter(({ room }) => room.viewers !== null)
    .sort(
      (a, b) =>
        (b.room.viewers ?? 0) - (a.room.viewers ?? 0) ||
        (a.room.username < b.room.username ? -1 : a.room.username > b.room.username ? 1 : 0),
    );
  const ranks = new Map<number, { rank: number; genderRank: number | null }>();
  const perGender: Record<Gender, number> = { f: 0, m: 0, c: 0, t: 0 };
  order.forEach(({ room, index }, position) => {
    const genderRank = room.gender ? ++perGender[room.gender] : null;
    ranks.set(index, { rank: position + 1, genderRank });
  });
  return rooms.map((room, index) => ({
    ...room,
    rank: ranks.get(index)?.rank ?? null,
    genderRank: ranks.get(index)?.genderRank ?? null,
  }));
}

/** One entry per username: the feed shifts while we page, so a room can come twice. The later copy wins. */
export function dedupeRooms(rooms: ParsedRoom[]): { rooms: ParsedRoom[]; duplicates: number } {
  const byName = new Map<string, ParsedRoom>();
  for (const room of rooms) byName.set(room.username, room);
  return { rooms: [...byName.values()], duplicates: rooms.length - byName.size };
}
