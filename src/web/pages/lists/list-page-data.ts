import type { ListSummary } from "../../lib/lists/list-data.ts";

/**
 * A public list's page (and the lists' pages) is the same for everyone, the personal parts being
 * the browser's: kept a minute, as GET /v1/lists/{id} is.
 */
export const LIST_PAGE_CACHE_CONTROL = "public, max-age=60";

/** What the list page renders from, server or browser. */
export interface ListPageBase {
  listId: string;
  /** The platform's image host for live thumbnails (null: none shown). */
  imageHost: string | null;
  /** SPEC §6: crawlers get no live previews. */
  crawler: boolean;
  /** The loader's instant: relative times read the same on the server and in the first render. */
  now: number;
}

export interface ListPageData extends ListPageBase {
  summary: ListSummary;
}

/** The 404's data: a private list may still be its signed-in owner's to see. */
export interface ListPageMiss extends ListPageBase {
  kind: "list";
}

export function isListPageMiss(value: unknown): value is ListPageMiss {
  return typeof value === "object" && value !== null && (value as { kind?: unknown }).kind === "list";
}

/** OG description: the list's own, or how many performers it holds. */
export function listDescription(summary: Pick<ListSummary, "list">): string {
  if (summary.list.description !== "") return summary.list.description;
  const n = summary.list.performers.length;
  return `${n.toLocaleString("en-US")} ${n === 1 ? "performer" : "performers"}`;
}
