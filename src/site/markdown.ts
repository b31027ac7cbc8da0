import MarkdownIt from "markdown-it";
import { parse as parseYaml } from "yaml";
import type { z } from "zod";

/**
 * The site's Markdown (the /resources content files; the blog's too): rendered on the server by
 * markdown-it with raw HTML off, so a tag in the text is shown as text, and with links and images
 * only to http(s) addresses, our own paths (/…) and anchors (#…): javascript:, data:, vbscript:,
 * protocol-relative //host and the rest stay plain text.
 */

const SAFE_LINK = /^(?:https?:\/\/|\/(?![/\\])|#)/i;

/** Whether a link's address may be rendered as one. */
export const isSafeLink = (url: string): boolean =>
  SAFE_LINK.test(url.trim()) && !/[\s\p{Cc}]/u.test(url.trim());

const md = new MarkdownIt({ html: false, linkify: false, typographer: true });
md.validateLink = isSafeLink;

/** Markdown to HTML; the output holds no HTML of the input's own. */
export function renderMarkdown(markdown: string): string {
  return md.render(markdown);
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

/** Raised for a content file whose front matter is missing or not what its schema expects. */
export class ContentFileError extends Error {}

/**
 * A content file: YAML front matter between --- lines, checked by the caller's schema, then the
 * Markdown body. A file without front matter, or with front matter its schema refuses, is an
 * error: content files are ours, and a mistake in one should fail the build's tests, not a page.
 */
export function parseContentFile<T>(
  name: string,
  text: string,
  schema: z.ZodType<T>,
): { meta: T; body: string } {
  const match = FRONT_MATTER.exec(text);
  if (match === null) throw new ContentFileError(`${name}: expected front matter between --- lines`);
  const parsed = schema.safeParse(parseYaml(match[1] ?? ""));
  if (!parsed.success)
    throw new ContentFileError(
      `${name}: front matter ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
    );
  return { meta: parsed.data, body: text.slice(match[0].length) };
}
