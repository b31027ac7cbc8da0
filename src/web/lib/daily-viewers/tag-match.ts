/**
 * The tag picker's matching (SPEC §5): case-insensitive, and matches are highlighted only once the
 * text has 2 or more characters (one letter matches too much to be worth marking). A leading '#'
 * is ignored, since options read '#tag' (SPEC §3, tag option).
 */
export const HIGHLIGHT_MIN_LENGTH = 2;

/** The text as the picker compares it: trimmed, lowercase, without a leading '#'. */
export function normalizeQuery(text: string): string {
  return text.trim().toLowerCase().replace(/^#+/, "");
}

/** The options containing the text, those starting with it first, at most `limit`. */
export function matchTags(tags: readonly string[], text: string, limit = 50): string[] {
  const query = normalizeQuery(text);
  if (query === "") return tags.slice(0, limit);
  const starts: string[] = [];
  const contains: string[] = [];
  for (const tag of tags) {
    const at = tag.toLowerCase().indexOf(query);
    if (at === 0) starts.push(tag);
    else if (at > 0) contains.push(tag);
  }
  return [...starts, ...contains].slice(0, limit);
}

export interface LabelPart {
  text: string;
  match: boolean;
}

/** A tag's label split into the part that matches the text (to be marked) and the rest. */
export function highlightParts(tag: string, text: string): LabelPart[] {
  const query = normalizeQuery(text);
  const at = query.length >= HIGHLIGHT_MIN_LENGTH ? tag.toLowerCase().indexOf(query) : -1;
  if (at < 0) return [{ text: tag, match: false }];
  return [
    { text: tag.slice(0, at), match: false },
    { text: tag.slice(at, at + query.length), match: true },
    { text: tag.slice(at + query.length), match: false },
  ].filter((part) => part.text !== "");
}

/** The tag a submitted text picks: an exact match, else the first match, else none. */
export function pickTag(tags: readonly string[], text: string): string | null {
  const query = normalizeQuery(text);
  if (query === "") return null;
  return tags.find((t) => t.toLowerCase() === query) ?? matchTags(tags, text, 1)[0] ?? null;
}
