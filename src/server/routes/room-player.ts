import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Db } from "../../db/connect.ts";
import { roomContext } from "../../db/queries/room-context.ts";
import type { Identity } from "../../identity/identity.ts";
import { type AffiliateSettings, embedLink, isUsername } from "../../online-rooms/links.ts";
import { type RoomStatus, STATUS_TEXT } from "../../online-rooms/room.ts";
import { onlineListIsCurrent } from "../../rules/formulas/live-state.ts";
import { ApiError, parseInput } from "../api/api-error.ts";
import { authenticate } from "../api/authenticate.ts";
import type { RouteDoc } from "../api/openapi.ts";

export const NOT_A_PERFORMER = "performer: no performer of that name";
export const NOT_PLAYING = "the room is not in a public show now";

const performerName = z
  .string({ error: "performer: expected a username" })
  .transform((name) => name.toLowerCase())
  .refine(isUsername, "performer: expected a username");
const contextQuery = z.object({ performer: performerName });
const playbackParams = z.object({ id: performerName });

/** SPEC §3's public show: the one a visitor may watch, and the only one the player shows. */
const PUBLIC_SHOW = 1;

/**
 * GET /v1/chatvideo_context and GET /v1/playback_url/{id} (SPEC §7, signed-in GETs): a room's
 * state for the video preview, from the latest complete poll (live while it is current, SPEC §4),
 * and the platform's player for a room in a public show, with our campaign. Validate,
 * authenticate, (anyone signed in may ask), query, respond.
 */
export function registerRoomPlayer(
  app: FastifyInstance,
  db: Db,
  identity: Identity,
  affiliate: AffiliateSettings,
  now: () => number = Date.now,
): void {
  const stateOf = async (username: string) => {
    const room = await roomContext(db, username);
    if (room === null) throw new ApiError(404, "not_found", NOT_A_PERFORMER, "performer");
    const current = room.observedAt !== null && onlineListIsCurrent(room.observedAt.getTime(), now());
    const live = current && room.show !== null;
    const playing = live && room.show === PUBLIC_SHOW;
    return {
      performer: room.username,
      live,
      show: live ? (STATUS_TEXT[room.show as RoomStatus] ?? "Group show") : null,
      viewers: live ? room.viewers : null,
      playerUrl: playing ? embedLink(affiliate, room.username) : null,
    };
  };

  app.get("/v1/chatvideo_context", async (request, reply) => {
    const { performer } = parseInput(contextQuery, request.query);
    await authenticate(request, identity);
    return reply.header("cache-control", "private, max-age=30").send(await stateOf(performer));
  });

  app.get("/v1/playback_url/:id", async (request, reply) => {
    const { id } = parseInput(playbackParams, request.params);
    await authenticate(request, identity);
    const state = await stateOf(id);
    if (state.playerUrl === null) throw new ApiError(404, "not_playing", NOT_PLAYING);
    return reply
      .header("cache-control", "private, max-age=30")
      .send({ performer: state.performer, url: state.playerUrl });
  });
}

export const ROOM_PLAYER_DOCS: RouteDoc[] = [
  {
    method: "get",
    path: "/v1/chatvideo_context",
    summary:
      "A room's live state for the video preview: live, show, viewers, and the platform's player while in a public show",
    query: contextQuery,
    responses: {
      "200": "the room's state",
      "400": "a bad name",
      "401": "not signed in",
      "404": "no such performer",
    },
  },
  {
    method: "get",
    path: "/v1/playback_url/{id}",
    summary: "The platform's player of a room in a public show, with our campaign",
    params: playbackParams,
    responses: {
      "200": "{performer, url}",
      "400": "a bad name",
      "401": "not signed in",
      "404": "no such performer, or not in a public show",
    },
  },
];
