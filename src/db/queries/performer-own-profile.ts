import { sql } from "kysely";
import type { ProfileSettings, Schedule, SocialsChange, TipMenuLine } from "../../types/performer-profile.ts";
import type { Db } from "../connect.ts";

/**
 * The verified performer's own profile (migration 0017, decision 0022): reading it for its owner
 * and for the pages, and each change the calls make, each one statement (a refused or failed call
 * leaves the row as it was).
 */

/** A performer by name, as a profile call sees them: whether they opted out, whether the caller owns them. */
export interface ProfileAccess {
  performerId: number;
  username: string;
  optedOut: boolean;
  /** The caller is the performer's verified account (performer_owners). */
  isOwner: boolean;
}

/** The performer a profile call names, with the caller's right to edit it, in one query; null when unknown. */
export async function profileAccess(db: Db, userId: string, name: string): Promise<ProfileAccess | null> {
  const { rows } = await sql<ProfileAccess>`
    SELECT p.performer_id AS "performerId", p.username,
      EXISTS (SELECT 1 FROM optouts o WHERE o.username = p.username AND o.confirmed_at IS NOT NULL) AS "optedOut",
      EXISTS (SELECT 1 FROM performer_owners w WHERE w.performer_id = p.performer_id AND w.user_id = ${userId}) AS "isOwner"
    FROM performers p WHERE p.username = ${name.trim().toLowerCase()}`.execute(db);
  return rows[0] ?? null;
}

interface ProfileRow {
  about_me: string;
  schedule: Schedule | null;
  goals: ProfileSettings["goals"];
  show_goal_details: boolean;
  socials: ProfileSettings["socials"];
  profile_image: string | null;
  banner_image: string | null;
  tip_menu: StoredTipMenuLine[];
  updated_at: Date;
}

/** A tip menu line as stored: with the subject parser's key of its item, for the search (decision 0024). */
export interface StoredTipMenuLine extends TipMenuLine {
  itemKey: string;
}

const columns = sql`about_me, schedule, goals, show_goal_details, socials, profile_image, banner_image, tip_menu, updated_at`;

function settingsOf(username: string, row: ProfileRow | undefined): ProfileSettings {
  return {
    performer: username,
    aboutMe: row?.about_me ?? "",
    schedule: row?.schedule ?? null,
    goals: row?.goals ?? [],
    shouldDisplayGoalDetailsOnProfile: row?.show_goal_details ?? false,
    socials: row?.socials ?? {},
    profileImage: row?.profile_image ?? null,
    bannerImage: row?.banner_image ?? null,
    tipMenu: (row?.tip_menu ?? []).map((line) => ({ item: line.item, tokens: line.tokens })),
    updatedAt: row?.updated_at.toISOString() ?? null,
  };
}

/** The stored profile, or the empty one before the first edit (updatedAt null). */
export async function profileSettings(
  db: Db,
  performer: { performerId: number; username: string },
): Promise<ProfileSettings> {
  const { rows } = await sql<ProfileRow>`
    SELECT ${columns} FROM performer_profiles WHERE performer_id = ${performer.performerId}`.execute(db);
  return settingsOf(performer.username, rows[0]);
}

/**
 * The profile as the pages show it: null unless the performer has a verified account and has not
 * opted out; the empty profile for a verified performer who never edited it (the verified mark).
 */
export async function performerOwnProfile(db: Db, performerId: number): Promise<ProfileSettings | null> {
  const { rows } = await sql<{ username: string } & Partial<ProfileRow>>`
    SELECT p.username, pp.about_me, pp.schedule, pp.goals, pp.show_goal_details, pp.socials,
      pp.profile_image, pp.banner_image, pp.tip_menu, pp.updated_at
    FROM performers p
    JOIN performer_owners w ON w.performer_id = p.performer_id
    LEFT JOIN performer_profiles pp ON pp.performer_id = p.performer_id
    WHERE p.performer_id = ${performerId}
      AND NOT EXISTS (SELECT 1 FROM optouts o WHERE o.username = p.username AND o.confirmed_at IS NOT NULL)`.execute(
    db,
  );
  const row = rows[0];
  if (row === undefined) return null;
  return settingsOf(row.username, row.updated_at == null ? undefined : (row as ProfileRow));
}

/** The fields of POST /v1/account_settings; an absent one stays as it is. */
export interface SettingsChange {
  aboutMe?: string;
  schedule?: Schedule | null;
  goals?: ProfileSettings["goals"];
  showGoalDetails?: boolean;
  tipMenu?: StoredTipMenuLine[];
}

/** Writes the given fields (the row made at the first edit) and answers the profile as stored. */
export async function writeProfileSettings(
  db: Db,
  performer: { performerId: number; username: string },
  change: SettingsChange,
  now: Date,
): Promise<ProfileSettings> {
  const values = {
    ...(change.aboutMe === undefined ? {} : { about_me: change.aboutMe }),
    ...(change.schedule === undefined
      ? {}
      : { schedule: change.schedule === null ? null : JSON.stringify(change.schedule) }),
    ...(change.goals === undefined ? {} : { goals: JSON.stringify(change.goals) }),
    ...(change.showGoalDetails === undefined ? {} : { show_goal_details: change.showGoalDetails }),
    ...(change.tipMenu === undefined ? {} : { tip_menu: JSON.stringify(change.tipMenu) }),
    updated_at: now,
  };
  const row = await db
    .insertInto("performer_profiles")
    .values({ performer_id: performer.performerId, ...values })
    .onConflict((oc) => oc.column("performer_id").doUpdateSet(values))
    .returning([
      "about_me",
      "schedule",
      "goals",
      "show_goal_details",
      "socials",
      "profile_image",
      "banner_image",
      "tip_menu",
      "updated_at",
    ])
    .executeTakeFirstOrThrow();
  return settingsOf(performer.username, row as ProfileRow);
}

/** Sets the links given and removes the networks asked, the others untouched, in one statement. */
export async function writeProfileSocials(
  db: Db,
  performer: { performerId: number; username: string },
  change: SocialsChange,
  now: Date,
): Promise<ProfileSettings> {
  const set = JSON.stringify(change.set);
  const remove = change.remove as string[];
  const { rows } = await sql<ProfileRow>`
    INSERT INTO performer_profiles (performer_id, socials, updated_at)
    VALUES (${performer.performerId}, ${set}::jsonb - ${remove}::text[], ${now})
    ON CONFLICT (performer_id) DO UPDATE
      SET socials = (performer_profiles.socials || ${set}::jsonb) - ${remove}::text[], updated_at = ${now}
    RETURNING ${columns}`.execute(db);
  return settingsOf(performer.username, rows[0]);
}

export type ProfileImageKind = "profile" | "banner";

/** Sets (or, with null, removes) the profile or banner image: its public path under /images/profiles. */
export async function setProfileImage(
  db: Db,
  performer: { performerId: number; username: string },
  kind: ProfileImageKind,
  image: string | null,
  now: Date,
): Promise<ProfileSettings> {
  const column = kind === "profile" ? sql.ref("profile_image") : sql.ref("banner_image");
  const { rows } = await sql<ProfileRow>`
    INSERT INTO performer_profiles (performer_id, ${column}, updated_at)
    VALUES (${performer.performerId}, ${image}, ${now})
    ON CONFLICT (performer_id) DO UPDATE SET ${column} = EXCLUDED.${column}, updated_at = ${now}
    RETURNING ${columns}`.execute(db);
  return settingsOf(performer.username, rows[0]);
}

/** Every image some profile shows (profile or banner), for the cleanup of the files none does. */
export async function profileImagePaths(db: Db): Promise<Set<string>> {
  const { rows } = await sql<{ image: string }>`
    SELECT profile_image AS image FROM performer_profiles WHERE profile_image IS NOT NULL
    UNION SELECT banner_image FROM performer_profiles WHERE banner_image IS NOT NULL`.execute(db);
  return new Set(rows.map((r) => r.image));
}
