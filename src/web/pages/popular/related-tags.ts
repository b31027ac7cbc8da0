/**
 * The tags that travel with a tag (/popular/{tag}): how many of the tag's ranked performers also
 * carry each other tag in their row's `t`. Pure, so its rule is tested on its own.
 */
export interface RelatedTag {
  tag: string;
  /** Ranked rows carrying both tags. */
  count: number;
}

/** How many related tags the page shows. */
export const RELATED_TAGS_SHOWN = 12;

/**
 * Every other tag of the rows, counted once per row, most shared first, ties by tag name; the tag
 * itself is left out, as are tags seen on one row only (a coincidence, not a pairing).
 */
export function relatedTags(
  rows: readonly { t: readonly string[] }[],
  tag: string,
  limit = RELATED_TAGS_SHOWN,
): RelatedTag[] {
  const counts = new Map<string, number>();
  for (const row of rows) {
    for (const other of new Set(row.t)) {
      if (other !== tag) counts.set(other, (counts.get(other) ?? 0) + 1);
    }
  }
  return [...counts]
    .filter(([, count]) => count > 1)
    .map(([other, count]) => ({ tag: other, count }))
    .sort((a, b) => b.count - a.count || (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0))
    .slice(0, limit);
}
