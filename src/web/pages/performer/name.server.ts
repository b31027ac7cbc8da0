import { redirect } from "react-router";
import { type PerformerProfile, performerProfile } from "../../../db/queries/performer-profile.ts";
import { isUsername } from "../../../online-rooms/links.ts";
import type { PageContext } from "../../../page-context.ts";
import { notFound } from "../../lib/page-errors.server.ts";

/**
 * The performer an address names (/{name}, /model/{user}, /schedule/{user}): usernames are
 * lowercase on the platform, so a name with capitals is a 301 to the lowercase address (query
 * kept); a name that cannot be a username, one we never saw, and a confirmed opt-out are the 404
 * page. `pathOf` builds the page's own address for a name.
 */
export async function performerOfAddress(
  request: Request,
  rawName: string | undefined,
  context: Pick<PageContext, "db">,
  pathOf: (name: string) => string,
): Promise<PerformerProfile> {
  const name = (rawName ?? "").toLowerCase();
  if (!isUsername(name)) throw notFound();
  if (name !== rawName) throw redirect(`${pathOf(name)}${new URL(request.url).search}`, 301);
  const profile = await performerProfile(context.db, name);
  if (profile === null) throw notFound();
  return profile;
}

/** The performer page's own address: /{username}. */
export const performerPath = (name: string) => `/${encodeURIComponent(name)}`;
/** The schedule page's address. */
export const schedulePath = (name: string) => `/schedule/${encodeURIComponent(name)}`;
