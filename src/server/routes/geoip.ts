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
 * The answer for an address: its country from the local database and whether age verification
 * applies there. The pages ask the same for their visitor while rendering (src/server/pages.ts).
 */
export function geoAnswer(ip: string, regions: ReadonlySet<string>): GeoAnswer {
  const country = geoip.lookup(ip)?.country ?? null;
  return { country, ageVerification: country !== null && regions.has(country) };
}

/**
 * GET /api/geoip (SPEC §6): the caller's country from a local database (`geoip-country`: no call
 * leaves the server) and whether age verification applies there, which hides live previews. The
 * caller's address is the socket's, or a forwarded one only when it came through a configured proxy
 * (TRUSTED_PROXIES, Fastify's trustProxy). Private to the caller: never kept by a shared cache.
 */
export function registerGeoip(app: FastifyInstance, regions: ReadonlySet<string>): void {
  app.get("/api/geoip", async (request, reply) => {
    reply.header("cache-control", "private, max-age=300");
    return geoAnswer(request.ip, regions);
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
