import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  isRoomTag,
  MAX_ROOM_TAGS,
  MAX_ROOMS_OFFSET,
  ROOM_GENDERS,
  ROOMS_PAGE_SIZE,
} from "../../online-rooms/query.ts";
import {
  isRoomsUnavailable,
  type OnlineRoomsService,
  type RoomsUnavailableError,
} from "../../online-rooms/service.ts";
import { ApiError, parseInput } from "../api/api-error.ts";
import type { RouteDoc } from "../api/openapi.ts";

/** As long as the proxy keeps an answer: a browser or CDN may keep it as long. */
const ROOMS_CACHE = "public, max-age=30";

const gender = z.enum(ROOM_GENDERS);

const TAGS_EXPECTED = `expected at most ${MAX_ROOM_TAGS} tags, each of letters, digits, _ and - (up to 64 characters)`;

// The union below reports this one's own message when a single tag is wrong.
const tag = z.string().trim().toLowerCase().refine(isRoomTag, TAGS_EXPECTED);

/**
 * A parameter that may come once or repeated: always a list, without repeats. A union reports its
 * failures as one, so the message says everything the parameter must be.
 */
const repeated = <T extends string>(item: z.ZodType<T, string>, max: number, message: string) =>
  z
    .union([item, z.array(item).max(max)], { error: message })
    .transform((value) => [...new Set(Array.isArray(value) ? value : [value])])
    .default([]);

export const onlineRoomsQuery = z.object({
  gender: repeated(gender, ROOM_GENDERS.length, "expected gender codes f, m, c or t, at most 4"),
  tag: repeated(tag, MAX_ROOM_TAGS, TAGS_EXPECTED),
  offset: z
    .string({ error: "expected a whole number" })
    .regex(/^\d{1,9}$/, "expected a whole number")
    .transform(Number)
    .pipe(
      z
        .number()
        .multipleOf(ROOMS_PAGE_SIZE, `expected a multiple of ${ROOMS_PAGE_SIZE}`)
        .max(MAX_ROOMS_OFFSET, `expected at most ${MAX_ROOMS_OFFSET}`),
    )
    .default(0),
  // The feed's quality flag, passed on as given; absent lists HD and non-HD rooms alike.
  hd: z
    .enum(["true", "false"], { error: "expected true or false" })
    .transform((value) => value === "true")
    .optional(),
});

/** The API's answer when the feed is down and the proxy has no recent copy. */
export function roomsUnavailable(error: RoomsUnavailableError): ApiError {
  return new ApiError(503, "rooms_unavailable", error.message);
}

/**
 * GET /api/online_rooms (SPEC §7): one page of 90 of the platform's online rooms, by gender
 * (repeated; none is every gender) and tag (repeated, up to 5, all must match), through the
 * proxy's short cache (src/online-rooms/service.ts). Validate, query, respond: nothing to
 * authenticate. Nothing a client sends reaches the feed before it passed the schema.
 */
export function registerOnlineRooms(app: FastifyInstance, rooms: OnlineRoomsService): void {
  app.get("/api/online_rooms", async (request, reply) => {
    const q = parseInput(onlineRoomsQuery, request.query);
    try {
      const page = await rooms.page({
        genders: q.gender,
        tags: q.tag,
        offset: q.offset,
        ...(q.hd === undefined ? {} : { hd: q.hd }),
      });
      reply.header("cache-control", ROOMS_CACHE);
      return page;
    } catch (error) {
      if (isRoomsUnavailable(error)) throw roomsUnavailable(error);
      throw error;
    }
  });
}

export const ONLINE_ROOMS_DOCS: RouteDoc[] = [
  {
    method: "get",
    path: "/api/online_rooms",
    summary:
      "One page of 90 rooms online on the platform now, in the platform's order: gender (f, m, c, t; repeated; none is every gender), tag (repeated, up to 5, all must match), offset (a multiple of 90), hd (true: HD rooms only, false: non-HD only; absent: both). Rooms are trimmed to username, displayName, gender, age, country, viewers, status (SPEC §3 code), imageUrl, subject (plain text) and tags; answers are kept 30 s",
    query: onlineRoomsQuery,
    responses: {
      "200":
        "{ count, offset, limit, results: [{ username, displayName, gender, age, country, viewers, status, imageUrl, subject, tags }] }",
      "400": "a bad parameter",
      "503": "the platform's feed is unavailable and no recent copy is at hand",
    },
  },
];
