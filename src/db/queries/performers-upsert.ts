import { sql } from "kysely";
import type { ParsedRoom, RoomProfile } from "../../platform/parse-room.ts";
import { arrayLiteral } from "../array-literal.ts";
import type { Db } from "../connect.ts";

/**
 * Profile columns in the order of their bit in the `known` mask, each with its array type. A room
 * whose profile lacks a key (the feed omitted the field) keeps the stored value; a present key sets
 * it, null included. Names are the keys of RoomProfile and the columns of performers.
 */
const COLUMNS = [
  ["display_name", "text"],
  ["gender", "text"],
  ["age", "smallint"],
  ["birthday", "date"],
  ["country", "text"],
  ["location", "text"],
  ["languages", "text"],
  ["tags", "text"],
  ["room_subject", "text"],
  ["followers", "integer"],
  ["is_hd", "boolean"],
  ["is_new", "boolean"],
] as const satisfies ReadonlyArray<readonly [keyof RoomProfile, string]>;

/** Tags travel as one string per room; the separator cannot occur in a parsed tag. */
export const TAG_SEPARATOR = "\u001f";

function value(profile: RoomProfile, key: keyof RoomProfile): string | number | boolean | null {
  const v = profile[key];
  if (Array.isArray(v)) return v.join(TAG_SEPARATOR);
  return v ?? null;
}

function read(column: string): string {
  return column === "tags" ? `string_to_array(u.tags, E'\\x1f')` : `u.${column}`;
}

export interface PerformerId {
  performer_id: number;
  username: string;
  /** true when this poll saw the performer for the first time. */
  inserted: boolean;
}

/** A known performer whose profile is unchanged: only last_seen and followers are refreshed. */
export interface PerformerTouch {
  performerId: number;
  followers: number | null;
}

/**
 * Inserts new performers, updates the profile of changed ones and refreshes last_seen and
 * followers of the `touched`, from one poll, in one statement (arrays unnested server-side).
 * Returns the id of every username in `rooms` (the touched are known already).
 */
export async function upsertPerformers(
  db: Db,
  rooms: ReadonlyArray<Pick<ParsedRoom, "username" | "profile">>,
  observedAt: Date,
  touched: ReadonlyArray<PerformerTouch> = [],
): Promise<PerformerId[]> {
  if (rooms.length === 0 && touched.length === 0) return [];
  const known = rooms.map((room) =>
    COLUMNS.reduce((mask, [key], bit) => (key in room.profile ? mask | (1 << bit) : mask), 0),
  );
  const arrays = COLUMNS.map(
    ([key, type]) => sql`${arrayLiteral(rooms.map((room) => value(room.profile, key)))}::${sql.raw(type)}[]`,
  );
  // An older sighting (a poll written out of order) never overwrites a newer profile.
  const assignments = COLUMNS.map(
    ([column], bit) =>
      sql`${sql.ref(column)} = CASE WHEN u.known & ${sql.lit(1 << bit)} <> 0 AND ${observedAt}::timestamptz >= t.last_seen
        THEN ${sql.raw(read(column))} ELSE t.${sql.ref(column)} END`,
  );
  const columnNames = COLUMNS.map(([column]) => sql.ref(column));
  const insertValues = COLUMNS.map(([column]) =>
    column === "tags" ? sql.raw(`COALESCE(${read(column)}, '{}')`) : sql.raw(read(column)),
  );
  const { rows } = await sql<PerformerId>`
    WITH u AS (
      SELECT * FROM unnest(${arrayLiteral(rooms.map((r) => r.username))}::text[], ${arrayLiteral(known)}::integer[],
        ${sql.join(arrays)})
        AS u(username, known, ${sql.join(columnNames)})
    ),
    updated AS (
      UPDATE performers AS t SET
        ${sql.join(assignments)},
        first_seen = LEAST(t.first_seen, ${observedAt}::timestamptz),
        last_seen = GREATEST(t.last_seen, ${observedAt}::timestamptz)
      FROM u
      WHERE t.username = u.username
      RETURNING t.performer_id, t.username, false AS inserted
    ),
    inserted AS (
      INSERT INTO performers (username, ${sql.join(columnNames)}, first_seen, last_seen)
      SELECT u.username, ${sql.join(insertValues)}, ${observedAt}::timestamptz, ${observedAt}::timestamptz
      FROM u
      WHERE NOT EXISTS (SELECT 1 FROM updated WHERE updated.username = u.username)
      ON CONFLICT (username) DO NOTHING
      RETURNING performer_id, username, true AS inserted
    ),
    touched AS (
      UPDATE performers AS t SET
        followers = COALESCE(v.followers, t.followers),
        last_seen = GREATEST(t.last_seen, ${observedAt}::timestamptz)
      FROM unnest(${arrayLiteral(touched.map((v) => v.performerId))}::bigint[],
                  ${arrayLiteral(touched.map((v) => v.followers))}::integer[]) AS v(performer_id, followers)
      WHERE t.performer_id = v.performer_id
    )
    SELECT performer_id, username, inserted FROM updated
    UNION ALL
    SELECT performer_id, username, inserted FROM inserted`.execute(db);
  return rows;
}
