import { sql } from "kysely";
import type { Db } from "../connect.ts";

/** What the performer page shows of a performer's profile (performers and performer_bios). */
export interface PerformerProfile {
  performerId: number;
  username: string;
  displayName: string | null;
  gender: string | null;
  age: number | null;
  country: string | null;
  location: string | null;
  languages: string | null;
  /** The tags of the latest broadcast, then those a reviewer approved from visitors' suggestions (issue 30). */
  tags: string[];
  roomSubject: string | null;
  followers: number | null;
  firstSeen: Date;
  lastSeen: Date;
  /** The about-me text as stored (src/collect/bio-text.ts); null when never fetched. */
  aboutMe: string | null;
}

/**
 * One performer's profile by exact (lowercase) username, with the bio; null for a name we never saw
 * and for a confirmed opt-out (the same rule as findPerformer). One row by the unique username
 * index and the bios' primary key.
 */
export async function performerProfile(db: Db, username: string): Promise<PerformerProfile | null> {
  const { rows } = await sql<PerformerProfile>`
    SELECT p.performer_id AS "performerId", p.username, p.display_name AS "displayName", p.gender, p.age,
      p.country, p.location, p.languages,
      p.tags || ARRAY(SELECT s.tag FROM tag_suggestions s
        WHERE s.username = p.username AND s.status = 'approved' AND NOT s.tag = ANY(p.tags)
        ORDER BY s.tag) AS tags,
      p.room_subject AS "roomSubject", p.followers,
      p.first_seen AS "firstSeen", p.last_seen AS "lastSeen", b.about_me AS "aboutMe"
    FROM performers p
    LEFT JOIN performer_bios b ON b.performer_id = p.performer_id
    WHERE p.username = ${username}
      AND NOT EXISTS (SELECT 1 FROM optouts o WHERE o.username = p.username AND o.confirmed_at IS NOT NULL)`.execute(
    db,
  );
  return rows[0] ?? null;
}
