import { z } from "zod";
import type { Db } from "../../db/connect.ts";
import { type ProfileAccess, profileAccess } from "../../db/queries/performer-own-profile.ts";
import type { Caller } from "../../identity/identity.ts";
import { ApiError, unknownPerformer } from "../api/api-error.ts";
import { modelNameParam } from "../api/params.ts";

/** The performer a profile call names, in its query (GET, images). */
export const profileQuery = z.object({ performer: modelNameParam });

/** A 403 names the way to the right: the performer is public, only the right to edit is missing. */
export const notVerified = (performer: string) =>
  `Only ${performer}'s verified account can edit this profile. Prove you are ${performer} with a code in your room subject or about-me at /claim/${performer}.`;

/** What every profile call answers (the contract of issue 19; src/profiles/profile-rules.ts). */
export const PROFILE_SHAPE =
  "{ performer, aboutMe, schedule: null | { timezone, slots: [{ day 1-7 (Monday 1), start HH:MM, end HH:MM or 24:00 }] }, goals: [{ text, tokens | null }], shouldDisplayGoalDetailsOnProfile, socials: { network: url }, profileImage, bannerImage, tipMenu: [{ item, tokens }], updatedAt }";

/** The refusals every profile call shares, for the API docs. */
export const PROFILE_REFUSALS = {
  "401": "no identity token, or one that does not hold",
  "403": "not_verified: the caller is not the performer's verified account",
  "404": "an unknown performer (or one who opted out, to anyone but their verified account)",
};

/**
 * The authorize step of a profile call: the caller must be the performer's verified account. An
 * unknown performer, or one who opted out, is the API's 404 to anyone else (as the claims are:
 * decision 0021); their own account may still edit what shows when they opt back in.
 */
export async function requireProfileOwner(db: Db, caller: Caller, name: string): Promise<ProfileAccess> {
  const performer = await profileAccess(db, caller.userId, name);
  if (performer === null || (performer.optedOut && !performer.isOwner)) throw unknownPerformer(name);
  if (!performer.isOwner) throw new ApiError(403, "not_verified", notVerified(performer.username));
  return performer;
}
