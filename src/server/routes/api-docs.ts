import type { FastifyInstance } from "fastify";
import { openApiDocument, type RouteDoc } from "../api/openapi.ts";
import { ACCOUNT_DOCS } from "./account.ts";
import { ACCOUNT_IMAGES_DOCS } from "./account-images.ts";
import { ACCOUNT_SESSIONS_DOCS } from "./account-sessions.ts";
import { ACCOUNT_SETTINGS_DOCS } from "./account-settings.ts";
import { AUTH_DOCS } from "./auth/auth-routes.ts";
import { BINGO_CARD_DOCS } from "./bingo-cards.ts";
import { COMPARE_PERFORMERS_DOCS } from "./compare-performers.ts";
import { FAN_QUOTES_DOCS } from "./fan-quotes.ts";
import { GEOIP_DOCS } from "./geoip.ts";
import { HEALTH_DOCS } from "./health.ts";
import { LIST_ALERTS_DOCS } from "./list-alerts.ts";
import { LIST_IMAGE_DOCS } from "./list-image.ts";
import { LIST_IMPORT_DOCS } from "./list-import.ts";
import { LIST_SUMMARY_DOCS } from "./list-summary.ts";
import { LIST_DOCS } from "./lists.ts";
import { LIVE_STATS_DOCS } from "./live-stats.ts";
import { MODEL_SEARCH_DOCS } from "./model-search.ts";
import { MODERATION_DOCS } from "./moderation.ts";
import { NAME_LOOKUP_DOCS } from "./name-lookup.ts";
import { ONLINE_ROOMS_DOCS } from "./online-rooms.ts";
import { PERFORMER_CLAIMS_DOCS } from "./performer-claims.ts";
import { ROOM_PLAYER_DOCS } from "./room-player.ts";
import { STREAMERS_DOCS } from "./streamers.ts";
import { STREAMS_DOCS } from "./streams.ts";
import { SUGGESTIONS_DOCS } from "./suggestions.ts";
import { SUMMARIES_DOCS } from "./summaries.ts";
import { TIPMENU_SEARCH_DOCS } from "./tipmenu-search.ts";
import { TRAFFIC_DOCS } from "./traffic.ts";
import { USER_INFO_DOCS } from "./user-info.ts";

/** This document's own call. */
const DOCS_DOCS: RouteDoc[] = [
  {
    method: "get",
    path: "/api/docs",
    summary:
      "This document: the OpenAPI 3.1 description of every call, generated from the validating schemas",
    responses: { "200": "the OpenAPI document" },
  },
];

/**
 * Every documented API call: each route module lists its own, with the schemas its handlers use.
 * Every /api and /v1 route the app registers is here (api-fuzz-routes.test.ts fails otherwise), so
 * the property-based test over this list reaches a new call without being told of it.
 */
export const API_DOCS: readonly RouteDoc[] = [
  ...DOCS_DOCS,
  ...HEALTH_DOCS,
  ...STREAMS_DOCS,
  ...STREAMERS_DOCS,
  ...MODEL_SEARCH_DOCS,
  ...TRAFFIC_DOCS,
  ...LIVE_STATS_DOCS,
  ...GEOIP_DOCS,
  ...ONLINE_ROOMS_DOCS,
  ...SUMMARIES_DOCS,
  ...NAME_LOOKUP_DOCS,
  ...TIPMENU_SEARCH_DOCS,
  ...SUGGESTIONS_DOCS,
  ...AUTH_DOCS,
  ...ACCOUNT_DOCS,
  ...ACCOUNT_SESSIONS_DOCS,
  ...LIST_DOCS,
  ...BINGO_CARD_DOCS,
  ...LIST_SUMMARY_DOCS,
  ...LIST_IMPORT_DOCS,
  ...LIST_IMAGE_DOCS,
  ...LIST_ALERTS_DOCS,
  ...PERFORMER_CLAIMS_DOCS,
  ...MODERATION_DOCS,
  ...FAN_QUOTES_DOCS,
  ...ACCOUNT_SETTINGS_DOCS,
  ...ACCOUNT_IMAGES_DOCS,
  ...USER_INFO_DOCS,
  ...COMPARE_PERFORMERS_DOCS,
  ...ROOM_PLAYER_DOCS,
];

/** GET /api/docs: the OpenAPI document of the API, generated from the validating schemas. */
export function registerApiDocs(app: FastifyInstance): void {
  const document = openApiDocument(API_DOCS, { title: "camstats API", version: "1" });
  app.get("/api/docs", async (_request, reply) =>
    reply.header("cache-control", "public, max-age=300").send(document),
  );
}
