/**
 * The Content-Security-Policy of every answer (docs/decisions/0013). Pages are cached and shared,
 * so a nonce per request cannot work: a page lists the SHA-256 of each inline script it carries
 * (React Router's hydration context and module loader), taken when it is rendered and kept with it.
 * No 'unsafe-eval', no 'unsafe-inline' script. Style attributes are allowed (style-src-attr):
 * server-rendered markup sets sizes and colours in them (tag cloud, map, race, logos); style
 * elements and stylesheets come only from our origin.
 */

export interface PagePolicyInputs {
  /** `sha256-…` of each inline script, base64, as a browser hashes the script's text. */
  scriptHashes: readonly string[];
  /** Origins images may come from besides ours: the platform's image host. */
  imageOrigins: readonly string[];
  /** Origins a page may frame: the platform's room player (the live video previews). */
  frameOrigins?: readonly string[];
  /** Origins a page's scripts may send to besides ours: the analytics service, when configured. */
  connectOrigins?: readonly string[];
}

/** A page's policy. */
export function pagePolicy({
  scriptHashes,
  imageOrigins,
  frameOrigins = [],
  connectOrigins = [],
}: PagePolicyInputs): string {
  const scripts = [...new Set(scriptHashes)].map((hash) => `'${hash}'`);
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scripts].join(" "),
    "style-src 'self'",
    "style-src-attr 'unsafe-inline'",
    ["img-src 'self' data:", ...new Set(imageOrigins)].join(" "),
    "font-src 'self'",
    ["frame-src", ...(frameOrigins.length === 0 ? ["'none'"] : new Set(frameOrigins))].join(" "),
    ["connect-src 'self'", ...new Set(connectOrigins)].join(" "),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * Everything that is not a page (the API's JSON, published files, images, plain-text errors, the
 * 429 page): nothing may load, but the 429 page's own inline style.
 */
export const NON_PAGE_POLICY = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

/**
 * /dev/mail, the local mail sink's page (src/server/routes/dev-mail.ts): as NON_PAGE_POLICY, with
 * its own style element, and its filter form may submit to us. No script at all; a mail's HTML is
 * never part of the page.
 */
export const DEV_MAIL_POLICY = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/**
 * The go-live mails' unsubscribe page (src/server/routes/list-alerts-page.ts): as DEV_MAIL_POLICY,
 * its own style element and a form that posts to us; no script.
 */
export const SMALL_FORM_POLICY = DEV_MAIL_POLICY;

/** The origin of a URL for a policy (scheme, host and port), or null when it is no http(s) URL. */
export function policyOrigin(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.origin : null;
  } catch {
    return null;
  }
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const EXECUTABLE_TYPE = /^(?:|text\/javascript|module|application\/javascript)$/i;

/**
 * The text of each inline script of an HTML document that a browser would run (no src; a type
 * that is JavaScript or none): what the page's policy must list. JSON data blocks are left out.
 */
export function inlineScripts(html: string): string[] {
  const found: string[] = [];
  for (const [, attributes = "", text = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*"([^"]*)"/i.exec(attributes)?.[1] ?? "";
    if (EXECUTABLE_TYPE.test(type.trim())) found.push(text);
  }
  return found;
}
