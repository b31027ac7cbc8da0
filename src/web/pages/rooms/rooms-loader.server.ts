import { data, redirect } from "react-router";
import { isUsername, roomLink } from "../../../online-rooms/links.ts";
import { offsetOfPage } from "../../../online-rooms/query.ts";
import { isRoomsUnavailable } from "../../../online-rooms/service.ts";
import { isCrawler } from "../../../site/crawler.ts";
import { DEFAULT_GENDER_PREFERENCE, gendersOf } from "../../lib/gender-preference.ts";
import type { PageLoaderArgs } from "../../lib/page-loader.ts";
import {
  forVisitor,
  hdFlagOf,
  parsePageParams,
  type RoomsPageData,
  type RoomsPageIdentity,
} from "./page-data.ts";

/** The 404 page: what a loader throws for an address that names no list. */
export function notFound(): never {
  throw data(null, { status: 404, statusText: "Not Found" });
}

/**
 * /go/{user} (SPEC §2): a 302 to the performer's room on the platform with our campaign; the name
 * is lowercased as the platform's usernames are. A name that cannot be a username is the 404 page.
 */
export function loadGo({ params, context }: PageLoaderArgs): Response {
  const user = (params.user ?? "").trim().toLowerCase();
  if (!isUsername(user)) notFound();
  return redirect(roomLink(context.affiliate, user), {
    status: 302,
    // The room is where it is for everyone, but the campaign may change with a deploy.
    headers: { "cache-control": "public, max-age=300" },
  });
}

/**
 * The server's side of every live-room page. The first render knows nothing of the visitor's
 * stored preference, so it lists the default genders (a gender page its own); the browser takes
 * over from there (rooms-client-loader.ts). Crawlers skip the age-verification lookup (SPEC §6)
 * and see every subject in full. A feed that cannot be read is a 503 with the page's own notice,
 * not an error page: the rest of the page still works.
 */
export async function loadRoomsPage(
  { request, context }: PageLoaderArgs,
  identity: RoomsPageIdentity | null,
) {
  if (!identity) notFound();
  const params = parsePageParams(new URL(request.url).searchParams);
  if (!params) notFound();
  const crawler = isCrawler(request);
  const genders = identity.fixedGender ? [identity.fixedGender] : gendersOf(DEFAULT_GENDER_PREFERENCE);
  const page: RoomsPageData = {
    ...identity,
    ...params,
    genders,
    count: 0,
    rooms: [],
    unavailable: false,
    visitor: { thumbnails: crawler || !context.ageVerification(), fullText: crawler },
    affiliate: context.affiliate,
  };
  try {
    const rooms = await context.onlineRooms.page({
      genders,
      tags: identity.tags,
      offset: offsetOfPage(params.page),
      ...hdFlagOf(identity),
    });
    return data({ ...page, count: rooms.count, rooms: forVisitor(rooms.results, page.visitor) });
  } catch (error) {
    if (!isRoomsUnavailable(error)) throw error;
    // Not kept anywhere: the next visit should find the feed back.
    return data({ ...page, unavailable: true }, { status: 503, headers: { "cache-control": "no-store" } });
  }
}
