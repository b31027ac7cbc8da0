import type { FastifyInstance } from "fastify";
import geoip from "geoip-country";
import type { RouteDoc } from "../api/openapi.ts";

export interface GeoAnswer {
  /** ISO 3166 alpha-2 of the caller's address, or null when it is not in the local database. */
  country: string | null;
  /** Whether the caller's country requires age verification (AGE_VERIFICATION_REGIONS). */
  ageVerification: boolean;
}

/**
 * GET /api/geoip (SPEC §6): the caller's country from a local database (`geoip-country`: no call
 * leaves the server) and whether age verification applies there, which hides live previews. The
 * caller's address is the socket's, or a forwarded one only when it came through a configured proxy
 * (TRUSTED_PROXIES, Fastify's trustProxy). Private to the caller: never kept by a shared cache.
 */
export function registerGeoip(app: FastifyInstance, regions: ReadonlySet<string>): void {
  app.get("/api/geoip", async (request, reply) => {
    const country = geoip.lookup(request.ip)?.country ?? null;
    reply.header("cache-control", "private, max-age=300");
    const answer: GeoAnswer = { country, ageVerification: country !== null && regions.has(country) };
    return answer;
  });
}

export const GEOIP_DOCS: RouteDoc[] = [
  {
    method: "get",
    path: "/api/geoip",
    summary: "The caller's country and whether age verification applies there",
    responses: { "200": "{ country, ageVerification }" },
  },
];
