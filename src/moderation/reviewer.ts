import type { Db } from "../db/connect.ts";
import { type Reviewer, reviewerFacts } from "../db/queries/moderation.ts";

/**
 * Whether an account reviews, and what (issue 30, decision 0041): a moderator is an account whose
 * confirmed address is in MODERATOR_EMAILS (the configuration, and nothing else, gives the role);
 * otherwise an account verified for performers reviews what is about them; anyone else, nothing.
 */
export async function reviewerOf(
  db: Db,
  userId: string,
  moderatorEmails: readonly string[],
): Promise<Reviewer | null> {
  const facts = await reviewerFacts(db, userId);
  if (facts === null) return null;
  if (facts.emailVerified && isModeratorAddress(facts.email, moderatorEmails))
    return { userId, performerIds: null };
  if (facts.performerIds.length === 0) return null;
  return { userId, performerIds: facts.performerIds.map(Number) };
}

/** Addresses compare without case (MODERATOR_EMAILS is lower-cased at boot). */
export const isModeratorAddress = (email: string, moderatorEmails: readonly string[]) =>
  moderatorEmails.includes(email.trim().toLowerCase());

/** Whether the reviewer may decide an item about this performer (null: a name never seen). */
export const mayDecide = (reviewer: Reviewer, performerId: number | null) =>
  reviewer.performerIds === null || (performerId !== null && reviewer.performerIds.includes(performerId));
