import { isFileSegment, isRankingGender, type RankingGender } from "../../stats/rankings/vocabulary.ts";

/** The tag explorer (SPEC §1): every tag at /tags, one tag's page at /tags/{tag}. */
export const TAGS_PATH = "/tags";

/** The orders of the explorer's table: by performers on the day, by the month's change, by the tag's averages. */
export const TAG_SORTS = ["performers", "growth", "viewers", "followers", "gain", "name"] as const;
export type TagSort = (typeof TAG_SORTS)[number];

/** The longest search of the tag names that is read; longer is cut. */
export const TAG_SEARCH_MAX = 40;

export interface TagIndexView {
  gender: RankingGender;
  sort: TagSort;
  /** The tag-name search, lowercase and trimmed; "" for none. */
  search: string;
}

/**
 * /tags?gender=&sort=&q=: an unknown gender or order falls back to the default (all, performers)
 * rather than a 404, since these are form fields, not addresses of their own; the search keeps
 * only what can be in a tag.
 */
export function parseTagIndexQuery(params: URLSearchParams): TagIndexView {
  const gender = params.get("gender")?.toLowerCase() ?? "all";
  const sort = params.get("sort")?.toLowerCase() ?? "performers";
  const search = (params.get("q") ?? "").toLowerCase().trim().slice(0, TAG_SEARCH_MAX).replace(/^#+/, "");
  return {
    gender: isRankingGender(gender) ? gender : "all",
    sort: (TAG_SORTS as readonly string[]).includes(sort) ? (sort as TagSort) : "performers",
    search,
  };
}

/** The explorer's address for a view, defaults left out (the canonical form). */
export function tagIndexPath(view: Partial<TagIndexView>): string {
  const params = new URLSearchParams();
  if (view.gender !== undefined && view.gender !== "all") params.set("gender", view.gender);
  if (view.sort !== undefined && view.sort !== "performers") params.set("sort", view.sort);
  if (view.search) params.set("q", view.search);
  const query = params.toString();
  return query === "" ? TAGS_PATH : `${TAGS_PATH}?${query}`;
}

/** /tags/{tag}: the tag read lowercase (as tags are published); null when it cannot be a tag. */
export function parseTagPageParam(tag: string | undefined): string | null {
  if (tag === undefined) return null;
  const t = tag.toLowerCase();
  return isFileSegment(t) ? t : null;
}

export function tagPagePath(tag: string): string {
  return `${TAGS_PATH}/${encodeURIComponent(tag)}`;
}
