import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { ModelQuery, Range } from "../../search/model-query.ts";
import { FILTER_DEFAULTS } from "../../search/search-query-string.ts";
import type { SearchService } from "../../search/search-service.ts";
import { SUMMARY_MIN_LENGTH, SUMMARY_TOO_SHORT } from "../../search/summary-rules.ts";
import { SEARCH_CACHE_CONTROL } from "../../site/search-cache.ts";
import { parseInput } from "../api/api-error.ts";
import { API_CACHE } from "../api/cache.ts";
import type { RouteDoc } from "../api/openapi.ts";
import { genderCodeParam } from "../api/params.ts";

/** SPEC §5: a name search needs at least two characters. */
export const NAME_MIN_LENGTH = 2;
/** The deepest page a client may ask for (10,000 pages of 50). */
export const MAX_OFFSET = 500_000;
export const MAX_TAGS = 20;

/** SPEC §9 ranges of the filters: age 18 to 99, followers 0 to 10,000,000, viewers 0 to 50,000. */
const AGE_RANGE = { min: FILTER_DEFAULTS.minAge, max: FILTER_DEFAULTS.maxAge };
const FOLLOWERS_RANGE = { min: FILTER_DEFAULTS.minFollowers, max: FILTER_DEFAULTS.maxFollowers };
const VIEWERS_RANGE = { min: FILTER_DEFAULTS.minViewers, max: FILTER_DEFAULTS.maxViewers };

// Control characters (a NUL byte above all) can be in no name, tag or text we hold.
const printable = (what: string) =>
  z.string().regex(/^[^\p{Cc}]*$/u, `expected ${what} without control characters`);

const wholeNumber = (min: number, max: number) =>
  z
    .string({ error: "expected a whole number" })
    .regex(/^\d{1,9}$/, "expected a whole number")
    .transform(Number)
    .pipe(z.number().min(min, `expected at least ${min}`).max(max, `expected at most ${max}`));

const flag = z
  .enum(["true", "false", "1", "0"], { error: "expected true or false" })
  .transform((v) => v === "true" || v === "1");

const tagParam = printable("a tag")
  .trim()
  .min(1, "expected a tag")
  .max(64, "expected at most 64 characters")
  .transform((t) => t.toLowerCase());

const modelSearchQuery = z
  .object({
    mode: z.enum(["models", "summaries"], { error: "expected models or summaries" }).default("models"),
    offset: wholeNumber(0, MAX_OFFSET).default(0),
    orderBy: z
      .enum(["name", "viewers", "followers"], { error: "expected name, viewers or followers" })
      .default("followers"),
    sortOrder: z.enum(["asc", "desc"], { error: "expected asc or desc" }).default("desc"),
    searchTerm: printable("a search term").max(100, "expected at most 100 characters").default(""),
    liveOnly: flag.default(false),
    gender: genderCodeParam.default(null),
    tag: z
      .union([tagParam, z.array(tagParam).max(MAX_TAGS, `expected at most ${MAX_TAGS} tags`)])
      .transform((t) => [...new Set(Array.isArray(t) ? t : [t])])
      .default([]),
    requireAllTags: flag.default(false),
    minAge: wholeNumber(AGE_RANGE.min, AGE_RANGE.max).optional(),
    maxAge: wholeNumber(AGE_RANGE.min, AGE_RANGE.max).optional(),
    minFollowers: wholeNumber(FOLLOWERS_RANGE.min, FOLLOWERS_RANGE.max).optional(),
    maxFollowers: wholeNumber(FOLLOWERS_RANGE.min, FOLLOWERS_RANGE.max).optional(),
    minViewers: wholeNumber(VIEWERS_RANGE.min, VIEWERS_RANGE.max).optional(),
    maxViewers: wholeNumber(VIEWERS_RANGE.min, VIEWERS_RANGE.max).optional(),
  })
  .superRefine((q, ctx) => {
    for (const [low, high] of [
      ["minAge", "maxAge"],
      ["minFollowers", "maxFollowers"],
      ["minViewers", "maxViewers"],
    ] as const) {
      const min = q[low];
      const max = q[high];
      if (min !== undefined && max !== undefined && min > max) {
        ctx.addIssue({ code: "custom", path: [low], message: `expected at most ${high} (${max})` });
      }
    }
    const term = q.searchTerm.trim();
    if (q.mode === "models" && term.length > 0 && term.length < NAME_MIN_LENGTH) {
      ctx.addIssue({
        code: "custom",
        path: ["searchTerm"],
        message: `expected at least ${NAME_MIN_LENGTH} characters`,
      });
    }
  });

type ParsedQuery = z.infer<typeof modelSearchQuery>;

/**
 * A range filter is on when either end is beyond its default (SPEC §5: the page sends a bound only
 * then, and an age filter leaves out performers without an age): minAge=18 alone filters nothing.
 * The end not given, or at its default, is the default (an open top).
 */
function range(
  min: number | undefined,
  max: number | undefined,
  defaults: { min: number; max: number },
): Range | null {
  const low = min !== undefined && min > defaults.min ? min : undefined;
  const high = max !== undefined && max < defaults.max ? max : undefined;
  if (low === undefined && high === undefined) return null;
  return { min: low ?? defaults.min, max: high ?? Number.MAX_SAFE_INTEGER };
}

function modelQuery(q: ParsedQuery): ModelQuery {
  return {
    offset: q.offset,
    orderBy: q.orderBy,
    sortOrder: q.sortOrder,
    terms: [...new Set(q.searchTerm.trim().toLowerCase().split(/\s+/).filter(Boolean))],
    liveOnly: q.liveOnly,
    gender: q.gender,
    tags: q.tag,
    requireAllTags: q.requireAllTags,
    age: range(q.minAge, q.maxAge, AGE_RANGE),
    followers: range(q.minFollowers, q.maxFollowers, FOLLOWERS_RANGE),
    viewers: range(q.minViewers, q.maxViewers, VIEWERS_RANGE),
  };
}

/**
 * /api/model_search (SPEC §7): the search over every performer ever seen, by name part, gender,
 * tags, age, followers, viewers and live state, in pages of 50; and its summaries mode
 * (mode=summaries), over performer summaries and fan quotes. Validate, query, respond: there is
 * nothing to authenticate. A model search is cached for half a poll interval (it follows the polls);
 * a summaries search for five minutes (its texts reload every five).
 */
export function registerModelSearch(app: FastifyInstance, search: SearchService): void {
  app.get("/api/model_search", async (request, reply) => {
    const q = parseInput(modelSearchQuery, request.query);
    if (q.mode === "summaries") {
      const term = q.searchTerm.trim();
      reply.header("cache-control", API_CACHE);
      if (term.length < SUMMARY_MIN_LENGTH)
        return { resultCount: 0, results: [], message: SUMMARY_TOO_SHORT };
      return search.summaries(term, q.gender);
    }
    const json = await search.modelsJson(modelQuery(q));
    reply.header("cache-control", SEARCH_CACHE_CONTROL);
    return reply.type("application/json; charset=utf-8").send(json);
  });
}

export const MODEL_SEARCH_DOCS: RouteDoc[] = [
  {
    method: "get",
    path: "/api/model_search",
    summary:
      "Search every performer seen: name parts (all must match), gender code (f, m, c, s), tags (any, or all with requireAllTags), age, follower and viewer ranges, live only; 50 a page, default followers desc. mode=summaries searches summaries and fan quotes (4 characters at least; up to 250 results)",
    query: modelSearchQuery,
    responses: {
      "200":
        "{ resultCount, offset, results } or, in summaries mode, { resultCount, results: [{ enrichedName, matchText, kind }] }",
      "400": "a bad parameter",
    },
  },
];
