import { createHash } from "node:crypto";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";

/** The largest upload a list image may be (decision 0020). */
export const LIST_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Pixels decoded at most (8000 × 5000): a small file that claims more is a decompression bomb. */
export const LIST_IMAGE_MAX_PIXELS = 40_000_000;
/** The box a list image is shrunk to fit, the size of an Open Graph (link preview) image. */
export const LIST_IMAGE_WIDTH = 1200;
export const LIST_IMAGE_HEIGHT = 630;
const WEBP_QUALITY = 80;

/** The types taken, by their bytes; an animated PNG is a PNG, and an animated image keeps its first frame. */
const ACCEPTED = new Map([
  ["image/png", "png"],
  ["image/apng", "png"],
  ["image/jpeg", "jpeg"],
  ["image/webp", "webp"],
  ["image/gif", "gif"],
]);
export const ACCEPTED_TYPES = "PNG, JPEG, WebP or GIF";

/** Why an upload is not made into a list image. */
export type ImageRefusal = "too-large" | "not-an-image" | "too-many-pixels" | "unreadable";

export type ListImage =
  | { ok: true /** SHA-256 of `webp`, hex */; hash: string; webp: Buffer }
  | { ok: false; refusal: ImageRefusal };

const refuse = (refusal: ImageRefusal): ListImage => ({ ok: false, refusal });

/**
 * An uploaded list image made safe to serve: the type judged from the bytes (never the name or the
 * sender's Content-Type, so no SVG or HTML gets through), the pixel count checked from the header
 * before anything is decoded, then decoded and drawn again as WebP: turned upright from its EXIF
 * orientation, shrunk to fit the Open Graph box and stripped of all metadata (sharp keeps none
 * unless asked), so no location or camera data leaves with it. Named by its own hash, the same
 * picture is one file however often it is sent.
 */
export async function processListImage(input: Buffer): Promise<ListImage> {
  if (input.length > LIST_IMAGE_MAX_BYTES) return refuse("too-large");
  const sniffed = await fileTypeFromBuffer(input);
  const format = sniffed === undefined ? undefined : ACCEPTED.get(sniffed.mime);
  if (format === undefined) return refuse("not-an-image");
  // The first frame only; the limit makes sharp itself refuse too, should the header check miss one.
  const options = { limitInputPixels: LIST_IMAGE_MAX_PIXELS, animated: false } as const;
  let webp: Buffer;
  try {
    const header = await sharp(input, options).metadata();
    // sharp judges by the bytes too; both must agree, or the file is something made to look like one.
    if (header.format !== format) return refuse("not-an-image");
    webp = await sharp(input, options)
      .autoOrient()
      .resize({
        width: LIST_IMAGE_WIDTH,
        height: LIST_IMAGE_HEIGHT,
        fit: "inside",
        withoutEnlargement: true,
      })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer();
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) return refuse("too-many-pixels");
    return refuse("unreadable");
  }
  return { ok: true, hash: createHash("sha256").update(webp).digest("hex"), webp };
}
