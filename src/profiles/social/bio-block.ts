/**
 * The block a performer pastes into their room bio (docs/decisions/0027): plain HTML of the few
 * elements room bios accept, nothing else. Buttons and trophies are each a link around an image:
 *
 *   <p><a href="https://x.com/ann"><img src="https://site/social/buttons/twitter.{hash}.png"
 *     alt="X (Twitter)" width="180" height="44"></a> …</p>
 *
 * Only a, img and p are written (of the a, img, b, i, br, p that bios take), with href on a and
 * src, alt, width, height on img; every URL absolute http(s), every value escaped. No script, no
 * style, no class, no event attribute. The model is built first, so the page's preview draws the
 * very same links and images as elements, never as HTML.
 */

/** The elements and attributes the block may hold (what its tests hold it to). */
export const BLOCK_TAGS = ["a", "img", "p"] as const;
export const BLOCK_ATTRIBUTES: Readonly<Record<(typeof BLOCK_TAGS)[number], readonly string[]>> = {
  a: ["href"],
  img: ["src", "alt", "width", "height"],
  p: [],
};

/** An image as the block links it. */
export interface ImageFile {
  /** Same-origin paths: the preview shows these; the block makes them absolute. */
  svg: string;
  png: string;
  width: number;
  height: number;
}

/** One linked image of the block. */
export interface BlockItem {
  /** Where the image links to: an absolute http(s) URL. */
  href: string;
  /** The image's same-origin path (PNG: what bios show everywhere). */
  src: string;
  alt: string;
  width: number;
  height: number;
}

export interface BioBlock {
  buttons: BlockItem[];
  trophies: BlockItem[];
}

/** An absolute http(s) URL as written, or null for anything else (no javascript:, data:, relative). */
export function httpUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : null;
  } catch {
    return null;
  }
}

/** Text for an attribute in double quotes (and for element text): every character HTML gives a meaning. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "#39" }[c]};`);

function itemHtml(item: BlockItem, origin: string): string | null {
  const href = httpUrl(item.href);
  const src = httpUrl(new URL(item.src, origin).href);
  if (href === null || src === null) return null;
  return (
    `<a href="${escapeHtml(href)}"><img src="${escapeHtml(src)}" alt="${escapeHtml(item.alt)}" ` +
    `width="${Math.round(item.width)}" height="${Math.round(item.height)}"></a>`
  );
}

/**
 * The block's HTML: the buttons in one paragraph, the trophies in another, images on `origin` (the
 * site's configured public address). An item whose link is not http(s) is left out (the model's
 * builders never make one; this is the last guard). Empty when nothing is picked.
 */
export function blockHtml(block: BioBlock, origin: string): string {
  if (httpUrl(origin) === null) return "";
  const paragraphs = [block.buttons, block.trophies]
    .map((items) =>
      items
        .map((item) => itemHtml(item, origin))
        .filter((html): html is string => html !== null)
        .join(" "),
    )
    .filter((html) => html !== "");
  return paragraphs.map((html) => `<p>${html}</p>`).join("\n");
}
