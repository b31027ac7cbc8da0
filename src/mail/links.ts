/**
 * The web links of a mail, in the order they first appear, each once: what /dev/mail lists and
 * the sink logs, so that a verification or reset link can be followed without a mail client.
 * Only http and https: a link the page makes clickable must not be a `javascript:` one.
 */

// Up to whitespace, a quote or an angle bracket: how a link ends in plain text and in markup.
const TEXT_URL = /\bhttps?:\/\/[^\s<>"']+/gi;
const HREF = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/gi;
// A sentence's last character is not the link's: "see https://x/y." means https://x/y.
const TRAILING = /[.,;:!?)\]}]+$/;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", "#39": "'" };

/** Markup's attribute text as the browser reads it (the entities a mail's links carry). */
function decodeAttribute(value: string): string {
  return value.replace(/&(amp|lt|gt|quot|apos|#39);/g, (_, name: string) => ENTITIES[name] ?? "");
}

function webLink(candidate: string): string | null {
  try {
    const url = new URL(candidate.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}

export function extractLinks(text: string, html: string | null): string[] {
  const found: string[] = [];
  for (const [match] of text.matchAll(TEXT_URL)) found.push(match.replace(TRAILING, ""));
  if (html) {
    for (const [, double, single, bare] of html.matchAll(HREF)) {
      found.push(decodeAttribute(double ?? single ?? bare ?? ""));
    }
  }
  const links = found.map(webLink).filter((link) => link !== null);
  return [...new Set(links)];
}
