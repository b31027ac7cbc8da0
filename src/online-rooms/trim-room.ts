import { parseRoom } from "../platform/parse-room.ts";
import { type OnlineRoom, ROOM_STATUS, type RoomStatus } from "./room.ts";

/**
 * A feed room (untrusted: any field may be missing, null or of another shape) as the card shape.
 * parse-room.ts does the checking the collector relies on; this adds what only the cards need (the
 * thumbnail, the subject as plain text, the status code) and fills what is unknown with "nothing".
 * A room without a valid username is no room: null.
 */
export function trimRoom(raw: unknown): OnlineRoom | null {
  const parsed = parseRoom(raw);
  if (!parsed) return null;
  const fields = raw as Record<string, unknown>;
  return {
    username: parsed.username,
    displayName: parsed.profile.display_name?.trim() ?? "",
    gender: parsed.gender,
    age: parsed.profile.age ?? null,
    country: parsed.profile.country ?? null,
    viewers: parsed.viewers ?? 0,
    status: roomStatus(fields.current_show),
    imageUrl: webUrl(fields.image_url_360x270) ?? webUrl(fields.image_url),
    subject: plainText(parsed.subject ?? "", SUBJECT_MAX),
    tags: parsed.tags ?? [],
  };
}

/** Subjects are a line or two; a longer one is someone pasting, and a card has no room for it. */
export const SUBJECT_MAX = 500;

const STATUS_OF_SHOW: Readonly<Record<string, RoomStatus>> = {
  public: ROOM_STATUS.public,
  private: ROOM_STATUS.private,
  // A group show is paid for like a private one: to a visitor the room is just as closed.
  group: ROOM_STATUS.private,
  hidden: ROOM_STATUS.hidden,
  away: ROOM_STATUS.away,
  password: ROOM_STATUS.password,
  "password protected": ROOM_STATUS.password,
};

/** SPEC §3: a room whose show the feed does not say is public (the default); one we do not know is 6. */
export function roomStatus(show: unknown): RoomStatus {
  if (show === undefined || show === null || show === "") return ROOM_STATUS.public;
  if (typeof show !== "string") return ROOM_STATUS.unknown;
  return STATUS_OF_SHOW[show.trim().toLowerCase()] ?? ROOM_STATUS.unknown;
}

/**
 * An absolute http(s) address, or null: the thumbnail goes into an <img src>, where a javascript:
 * or data: address from a broken or hostile feed has no business.
 */
export function webUrl(value: unknown): string | null {
  if (typeof value !== "string" || value.length > 2048) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6});/gi, (whole, name: string) => {
    if (name.startsWith("#")) {
      const code =
        name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      // Control characters and lone surrogates are nothing a subject should show.
      const printable = code >= 0x20 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
      return printable && !(code >= 0x7f && code <= 0x9f) ? String.fromCodePoint(code) : "";
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Markup: a tag or comment, closed. "<3" and "a < b" are text. */
const TAGS = /<\/?[a-z!][^<>]*>/gi;

/**
 * Room subjects are free text that sometimes carries markup (<b>, links) or its escaped form
 * (&lt;b&gt;): tags are dropped before and after entities are decoded, so neither form survives,
 * then whitespace is collapsed and the text bounded. React escapes what is left when it renders.
 */
export function plainText(text: string, max: number): string {
  const plain = decodeEntities(text.replace(TAGS, " ")).replace(TAGS, " ").replace(/\s+/g, " ").trim();
  return plain.length > max ? `${plain.slice(0, max - 1).trimEnd()}…` : plain;
}
