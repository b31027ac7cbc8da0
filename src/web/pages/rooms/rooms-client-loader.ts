import type { ClientLoaderFunctionArgs } from "react-router";
import { offsetOfPage, roomsQueryString } from "../../../online-rooms/query.ts";
import type { OnlineRoomsPage } from "../../../online-rooms/service.ts";
import { gendersOf, readGenderPreference } from "../../lib/gender-preference.ts";
import {
  forVisitor,
  hdFlagOf,
  parsePageParams,
  type RoomsPageData,
  type RoomsPageIdentity,
  type RoomsVisitor,
  sameGenders,
} from "./page-data.ts";

/**
 * The browser's side of the live-room pages whose genders follow the visitor's preference. On
 * hydration it takes the server's data as it is (serverLoader answers from the page, no request)
 * and, when the stored preference differs from the default the server used, asks
 * GET /api/online_rooms for the preferred genders. Later navigations (another page, a toggle) go
 * straight to the JSON call: the parts only the server knows (the visitor's age verification, the
 * affiliate links) were learned on the first load and do not change during a visit.
 */

interface Visit {
  visitor: RoomsVisitor;
  affiliate: RoomsPageData["affiliate"];
}

let visit: Visit | undefined;

function isRoomsPageData(value: unknown): value is RoomsPageData {
  return (
    typeof value === "object" &&
    value !== null &&
    Array.isArray((value as RoomsPageData).rooms) &&
    typeof (value as RoomsPageData).visitor === "object"
  );
}

async function fromServer(serverLoader: ClientLoaderFunctionArgs["serverLoader"]): Promise<RoomsPageData> {
  const value = await serverLoader();
  if (!isRoomsPageData(value)) throw new Error("the live-room page's data has an unexpected shape");
  visit = { visitor: value.visitor, affiliate: value.affiliate };
  return value;
}

/** The rooms of `page` for its genders from the JSON call; a failure is logged and shown as unavailable. */
async function withRooms(page: RoomsPageData, signal: AbortSignal): Promise<RoomsPageData> {
  const query = roomsQueryString({
    genders: page.genders,
    tags: page.tags,
    offset: offsetOfPage(page.page),
    ...hdFlagOf(page),
  });
  try {
    const response = await fetch(`/api/online_rooms?${query}`, {
      signal,
      headers: { accept: "application/json" },
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const rooms = (await response.json()) as OnlineRoomsPage;
    return {
      ...page,
      count: rooms.count,
      rooms: forVisitor(rooms.results, page.visitor),
      unavailable: false,
    };
  } catch (error) {
    // A navigation that replaced this one: nothing went wrong.
    if (signal.aborted) throw error;
    // SPEC §8: a failed fetch is logged to the console; the page says the list is unavailable.
    console.error(
      `Error fetching the online rooms: ${error instanceof Error ? error.message : String(error)}`,
    );
    return { ...page, count: 0, rooms: [], unavailable: true };
  }
}

export async function roomsClientLoader(
  { request, serverLoader }: ClientLoaderFunctionArgs,
  identity: RoomsPageIdentity | null,
): Promise<RoomsPageData> {
  const genders = gendersOf(readGenderPreference());
  const params = parsePageParams(new URL(request.url).searchParams);
  if (!visit || !identity || !params) {
    // The first load of a visit, or an address that is no list (the server answers its 404).
    const page = await fromServer(serverLoader);
    if (page.unavailable || sameGenders(page.genders, genders)) return page;
    return withRooms({ ...page, genders }, request.signal);
  }
  const page: RoomsPageData = {
    ...identity,
    ...params,
    genders,
    count: 0,
    rooms: [],
    unavailable: false,
    ...visit,
  };
  return withRooms(page, request.signal);
}
