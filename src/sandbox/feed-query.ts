import { isIP } from "node:net";
import { FEED_REGIONS, type FeedRegion } from "../platform/feed-room.ts";

/** A validated feed request (ONLINE_ROOMS_API.md "Request"). */
export interface FeedQuery {
  wm: string;
  limit: number;
  offset: number;
  genders: Set<"f" | "m" | "t" | "c">;
  tags: string[];
  regions: Set<FeedRegion>;
  hd: boolean | undefined;
  exhibitionist: boolean | undefined;
}

export type ParsedQuery = { ok: true; query: FeedQuery } | { ok: false; error: string };

const MAX_TAGS = 5;
const GENDER_CODES: Readonly<Record<string, "f" | "m" | "t" | "c">> = {
  f: "f",
  m: "m",
  t: "t",
  c: "c",
  s: "t",
};

/** Validates like the real feed: required parameters, ranges, known values. Unknown parameters are ignored. */
export function parseFeedQuery(params: URLSearchParams): ParsedQuery {
  const wm = params.get("wm");
  if (wm === null || wm === "") return fail("missing required parameter: wm");
  const clientIp = params.get("client_ip");
  if (clientIp === null || clientIp === "") return fail("missing required parameter: client_ip");
  // Any address is accepted: the sandbox does no geo blocking (nobody blocks a country here).
  if (clientIp !== "request_ip" && isIP(clientIp) === 0)
    return fail("client_ip must be an IP address or request_ip");
  const format = params.get("format") ?? "json";
  if (format === "xml" || format === "yaml") return fail("only json in the sandbox");
  if (format !== "json") return fail("format must be json, xml or yaml");

  const limit = parseInteger(params.get("limit"), 100);
  if (limit === undefined || limit < 1 || limit > 500) return fail("limit must be an integer from 1 to 500");
  const offset = parseInteger(params.get("offset"), 0);
  if (offset === undefined || offset < 0) return fail("offset must be an integer of 0 or more");

  const genders = new Set<"f" | "m" | "t" | "c">();
  for (const g of params.getAll("gender")) {
    const code = GENDER_CODES[g];
    if (code === undefined) return fail(`gender must be f, m, t or c, not "${g}"`);
    genders.add(code);
  }
  const tags = params.getAll("tag").map((t) => t.toLowerCase());
  if (tags.length > MAX_TAGS) return fail(`at most ${MAX_TAGS} tag parameters`);
  const regions = new Set<FeedRegion>();
  for (const r of params.getAll("region")) {
    const region = FEED_REGIONS.find((known) => known === r);
    if (region === undefined) return fail(`region must be one of ${FEED_REGIONS.join(", ")}`);
    regions.add(region);
  }
  const hd = parseBoolean(params.get("hd"));
  if (hd === null) return fail("hd must be true or false");
  const exhibitionist = parseBoolean(params.get("exhibitionist"));
  if (exhibitionist === null) return fail("exhibitionist must be true or false");
  return { ok: true, query: { wm, limit, offset, genders, tags, regions, hd, exhibitionist } };
}

function fail(error: string): ParsedQuery {
  return { ok: false, error };
}

function parseInteger(raw: string | null, fallback: number): number | undefined {
  if (raw === null) return fallback;
  return /^\d{1,9}$/.test(raw) ? Number(raw) : undefined;
}

/** undefined when absent, null when invalid. */
function parseBoolean(raw: string | null): boolean | undefined | null {
  if (raw === null) return undefined;
  if (raw === "true") return true;
  if (raw === "false") return false;
  return null;
}
