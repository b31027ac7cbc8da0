import { z } from "zod";
import type { Db } from "../../db/connect.ts";
import { ownedPerformers } from "../../db/queries/performer-claims.ts";
import { type ProfileAccess, profileAccess } from "../../db/queries/performer-own-profile.ts";
import type { Caller } from "../../identity/identity.ts";
import { modelNameParam } from "../../site/performer-name.ts";
import { ApiError, unknownPerformer } from "../api/api-error.ts";

/**
 * The performer a profile call names, in its query (GET, images) or its body. SPEC §7's calls name
 * none: an account verified for exactly one performer may leave it out (issue 30, point 5).
 */
export const performerField = modelNameParam.optional();
export const profileQuery = z.object({ performer: performerField });

/** Every profile call's 400 also covers this. */
export const NO_PERFORMER_NAMED = "no performer named, by an account verified for several";

export const NOT_VERIFIED_FOR_ANY =
  "This account is not verified for any performer. Prove you are a performer with a code in your room subject or about-me at /claim/{name}.";
export const severalPerformers = (names: readonly string[]) =>
  `performer: this account is verified for ${names.length} performers (${names.join(", ")}); name one in the field performer`;

/** A 403 names the way to the right: the performer is public, only the right to edit is missing. */
export const notVerified = (performer: string) =>
  `Only ${performer}'s verified account can edit this profile. Prove you are ${performer} with a code in your room subject or about-me at /claim/${performer}.`;

/** What every profile call answers (the contract of issue 19; src/profiles/profile-rules.ts). */
export const PROFILE_SHAPE =
  "{ performer, aboutMe, schedule: null | { timezone, slots: [{ day 1-7 (Monday 1), start HH:MM, end HH:MM or 24:00 }] }, goals: [{ text, tokens | null }], shouldDisplayGoalDetailsOnProfile, socials: { network: url }, profileImage, bannerImage, tipMenu: [{ item, tokens }], updatedAt }";

/** The refusals every profile call shares, for the API docs (each adds its own 400: NO_PERFORMER_NAMED). */
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
export async function requireProfileOwner(
  db: Db,
  caller: Caller,
  named: string | undefined,
): Promise<ProfileAccess> {
  const name = named ?? (await onlyOwnedPerformer(db, caller));
  const performer = await profileAccess(db, caller.userId, name);
  if (performer === null || (performer.optedOut && !performer.isOwner)) throw unknownPerformer(name);
  if (!performer.isOwner) throw new ApiError(403, "not_verified", notVerified(performer.username));
  return performer;
}

/** The one performer the caller's account is verified for, when a call names none. */
async function onlyOwnedPerformer(db: Db, caller: Caller): Promise<string> {
  const owned = await ownedPerformers(db, caller.userId);
  const [only] = owned;
  if (only === undefined) throw new ApiError(403, "not_verified", NOT_VERIFIED_FOR_ANY);
  if (owned.length > 1) throw new ApiError(400, "invalid_parameter", severalPerformers(owned), "performer");
  return only;
}
