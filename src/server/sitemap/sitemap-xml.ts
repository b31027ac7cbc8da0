/**
 * The XML of the sitemaps protocol (https://www.sitemaps.org/protocol.html): a urlset of page
 * addresses, and a sitemap index of child sitemaps. Pure, so the exact bytes are tested.
 */

/** The protocol's limit of addresses in one sitemap (and of sitemaps in one index). */
export const MAX_URLS_PER_SITEMAP = 50_000;

const NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9";

const ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

/** The protocol asks every address to be entity-escaped (an `&` in a query would break the XML). */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

export interface SitemapEntry {
  /** The absolute address, already percent-encoded where it needs to be. */
  loc: string;
  /** YYYY-MM-DD (W3C Datetime's date form) when the content last changed, if known. */
  lastmod?: string | null;
}

function entryXml(tag: "url" | "sitemap", entry: SitemapEntry): string {
  const lastmod = entry.lastmod ? `<lastmod>${escapeXml(entry.lastmod)}</lastmod>` : "";
  return `<${tag}><loc>${escapeXml(entry.loc)}</loc>${lastmod}</${tag}>`;
}

function document(root: "urlset" | "sitemapindex", tag: "url" | "sitemap", entries: readonly SitemapEntry[]) {
  if (entries.length > MAX_URLS_PER_SITEMAP) {
    throw new Error(`a sitemap holds at most ${MAX_URLS_PER_SITEMAP} entries, not ${entries.length}`);
  }
  const lines = entries.map((entry) => entryXml(tag, entry));
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="${NAMESPACE}">\n${lines.map((l) => `${l}\n`).join("")}</${root}>\n`;
}

/** A sitemap: `<urlset>` with one `<url>` per page. */
export function urlsetXml(entries: readonly SitemapEntry[]): string {
  return document("urlset", "url", entries);
}

/** A sitemap index: `<sitemapindex>` with one `<sitemap>` per child sitemap. */
export function sitemapIndexXml(entries: readonly SitemapEntry[]): string {
  return document("sitemapindex", "sitemap", entries);
}

/** Splits a list into runs of at most `size` (the last may be shorter; none for an empty list). */
export function chunk<T>(items: readonly T[], size: number = MAX_URLS_PER_SITEMAP): T[][] {
  const runs: T[][] = [];
  for (let i = 0; i < items.length; i += size) runs.push(items.slice(i, i + size));
  return runs;
}
