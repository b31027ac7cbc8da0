import { createHash } from "node:crypto";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";

/** The kept thumbnail's box: the live thumbnails' 4:3, small enough for a profile's picture. */
export const THUMB_WIDTH = 240;
export const THUMB_HEIGHT = 180;
const JPEG_QUALITY = 75;
/** Pixels decoded at most (4000 × 3000): a room image is 360 × 270; more is a decompression bomb. */
export const THUMB_MAX_PIXELS = 12_000_000;

/** The types taken, by their bytes: what an image host serves under .jpg. Never SVG or HTML. */
const ACCEPTED = new Map([
  ["image/jpeg", "jpeg"],
  ["image/png", "png"],
  ["image/webp", "webp"],
]);

/** Why an answer of the image host is not kept. */
export type ThumbRefusal = "not-an-image" | "too-many-pixels" | "unreadable";

export type Thumb =
  | { ok: true; jpeg: Buffer /** SHA-256 of `jpeg`, hex */; hash: string }
  | { ok: false; refusal: ThumbRefusal };

/**
 * An image host's answer made into the thumbnail we serve: the type judged from the bytes (and
 * sharp's reading must agree), the pixel count bounded before decoding, then drawn again as a
 * small JPEG covering the box, upright, without any metadata (sharp keeps none unless asked).
 */
export async function makeThumb(input: Buffer): Promise<Thumb> {
  const sniffed = await fileTypeFromBuffer(input);
  const format = sniffed === undefined ? undefined : ACCEPTED.get(sniffed.mime);
  if (format === undefined) return { ok: false, refusal: "not-an-image" };
  const options = { limitInputPixels: THUMB_MAX_PIXELS, animated: false } as const;
  try {
    const header = await sharp(input, options).metadata();
    if (header.format !== format) return { ok: false, refusal: "not-an-image" };
    const jpeg = await sharp(input, options)
      .autoOrient()
      .resize({ width: THUMB_WIDTH, height: THUMB_HEIGHT, fit: "cover" })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: JPEG_QUALITY })
      .toBuffer();
    return { ok: true, jpeg, hash: createHash("sha256").update(jpeg).digest("hex") };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message))
      return { ok: false, refusal: "too-many-pixels" };
    return { ok: false, refusal: "unreadable" };
  }
}
