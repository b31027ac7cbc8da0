/**
 * Turns one untrusted room of the feed into what the collector keeps. The feed may omit any field,
 * send null, or send another shape; a room is kept with what is known as long as it has a
 * username (the identity). A profile field that is absent here is left out of `profile`, so the
 * value from an earlier sighting stays (see upsertPerformers); an explicit empty value clears it.
 */

export type Gender = "f" | "m" | "t" | "c";

/** Snapshot show codes: SPEC §3 online status codes, plus 7 for group shows (not in the SPEC list). */
export const SHOW_CODES = {
  public: 1,
  private: 2,
  hidden: 3,
  away: 4,
  password: 5,
  unknown: 6,
  group: 7,
} as const;
export type ShowCode = (typeof SHOW_CODES)[keyof typeof SHOW_CODES];

export interface RoomProfile {
  display_name?: string;
  gender?: Gender;
  /** null: the feed says the performer shows no age. */
  age?: number | null;
  /** null: the feed sent "" (no birthday). */
  birthday?: string | null;
  /** null: the feed sent "" (no country). */
  country?: string | null;
  location?: string;
  languages?: string;
  tags?: string[];
  room_subject?: string;
  followers?: number;
  is_hd?: boolean;
  is_new?: boolean;
}

export interface ParsedRoom {
  username: string;
  profile: RoomProfile;
  viewers: number | null;
  followers: number | null;
  show: ShowCode;
  secondsOnline: number | null;
  gender: Gender | null;
  tags: string[] | null;
  subject: string | null;
}

/** A platform username as the feed writes it (lowercase); also what /go/{user} accepts once lowercased. */
export const USERNAME = /^[a-z0-9_][a-z0-9_.-]{0,63}$/;
const BIRTHDAY = /^\d{4}-\d{2}-\d{2}$/;
const COUNTRY = /^[A-Z]{2}$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function count(value: unknown): number | null {
  if (typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= 2_147_483_647)
    return value;
  if (typeof value === "string" && /^\d{1,10}$/.test(value)) return count(Number(value));
  return null;
}

/** Free text as shown: control characters (never meant for display) removed, length bounded. */
function text(value: unknown, max = 2000): string | undefined {
  return typeof value === "string" ? value.replace(/\p{Cc}/gu, "").slice(0, max) : undefined;
}

/** SPEC's gender keys for trans: s (an older feed's, and the search's), and tf, tm, tn (its kinds). */
const TRANS_KEYS: ReadonlySet<unknown> = new Set(["t", "s", "tf", "tm", "tn"]);

function gender(value: unknown): Gender | undefined {
  if (value === "f" || value === "m" || value === "c") return value;
  // Every trans kind is stored as the platform's t: rankings, pages and the search see one trans.
  if (TRANS_KEYS.has(value)) return "t";
  return undefined;
}

function show(value: unknown): ShowCode {
  if (typeof value !== "string") return SHOW_CODES.unknown;
  if (value === "password protected") return SHOW_CODES.password;
  return (SHOW_CODES as Record<string, ShowCode>)[value] ?? SHOW_CODES.unknown;
}

function validBirthday(value: string): boolean {
  if (!BIRTHDAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

function tags(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const seen = new Set<string>();
  for (const tag of value) {
    if (typeof tag !== "string") continue;
    // Control characters never belong in a tag (and \x1f separates tags in batch writes).
    const clean = tag
      .replace(/\p{Cc}/gu, "")
      .trim()
      .replace(/^#+/, "")
      .toLowerCase()
      .slice(0, 64);
    if (clean !== "") seen.add(clean);
  }
  return [...seen].slice(0, 50);
}

/** The parsed room, or null when it cannot be kept (not an object, or no valid username). */
export function parseRoom(raw: unknown): ParsedRoom | null {
  if (!isRecord(raw)) return null;
  const username = typeof raw.username === "string" ? raw.username.trim().toLowerCase() : "";
  if (!USERNAME.test(username)) return null;

  const profile: RoomProfile = {};
  const displayName = text(raw.display_name, 200);
  if (displayName !== undefined) profile.display_name = displayName;
  const g = gender(raw.gender);
  if (g) profile.gender = g;
  if (raw.age === null) profile.age = null;
  else {
    const age = count(raw.age);
    if (age !== null && age >= 18 && age <= 120) profile.age = age;
  }
  if (raw.birthday === "") profile.birthday = null;
  else if (typeof raw.birthday === "string" && validBirthday(raw.birthday)) profile.birthday = raw.birthday;
  if (raw.country === "") profile.country = null;
  else if (typeof raw.country === "string" && COUNTRY.test(raw.country.toUpperCase())) {
    profile.country = raw.country.toUpperCase();
  }
  const location = text(raw.location, 200);
  if (location !== undefined) profile.location = location;
  const languages = text(raw.spoken_languages, 200);
  if (languages !== undefined) profile.languages = languages;
  const roomTags = tags(raw.tags);
  if (roomTags) profile.tags = roomTags;
  const subject = text(raw.room_subject);
  if (subject !== undefined) profile.room_subject = subject;
  const followers = count(raw.num_followers);
  if (followers !== null) profile.followers = followers;
  if (typeof raw.is_hd === "boolean") profile.is_hd = raw.is_hd;
  if (typeof raw.is_new === "boolean") profile.is_new = raw.is_new;

  return {
    username,
    profile,
    viewers: count(raw.num_users),
    followers,
    show: show(raw.current_show),
    secondsOnline: count(raw.seconds_online),
    gender: g ?? null,
    tags: roomTags ?? null,
    subject: subject ?? null,
  };
}
