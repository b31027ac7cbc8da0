import { createHash } from "node:crypto";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";

/** The largest image file taken, uploaded or fetched (decisions 0020, 0022). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Pixels decoded at most (8000 × 5000): a small file that claims more is a decompression bomb. */
export const IMAGE_MAX_PIXELS = 40_000_000;
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

/** Why a file is not made into an image of ours. */
export type ImageRefusal = "too-large" | "not-an-image" | "too-many-pixels" | "unreadable";

export type ProcessedImage =
  | { ok: true /** SHA-256 of `webp`, hex */; hash: string; webp: Buffer }
  | { ok: false; refusal: ImageRefusal };

/** The box an image is shrunk to fit (never enlarged). */
export interface ImageBox {
  width: number;
  height: number;
}

const refuse = (refusal: ImageRefusal): ProcessedImage => ({ ok: false, refusal });

/**
 * An image from outside made safe to serve: the type judged from the bytes (never the name or the
 * sender's Content-Type, so no SVG or HTML gets through), the pixel count checked from the header
 * before anything is decoded, then decoded and drawn again as WebP: turned upright from its EXIF
 * orientation, shrunk to fit `box` and stripped of all metadata (sharp keeps none unless asked), so
 * no location or camera data leaves with it. Named by its own hash, the same picture is one file
 * however often it is sent. Lists (1200×630) and profiles (800×800, banners 1500×500) use it.
 */
export async function processImage(input: Buffer, box: ImageBox): Promise<ProcessedImage> {
  if (input.length > IMAGE_MAX_BYTES) return refuse("too-large");
  const sniffed = await fileTypeFromBuffer(input);
  const format = sniffed === undefined ? undefined : ACCEPTED.get(sniffed.mime);
  if (format === undefined) return refuse("not-an-image");
  // The first frame only; the limit makes sharp itself refuse too, should the header check miss one.
  const options = { limitInputPixels: IMAGE_MAX_PIXELS, animated: false } as const;
  let webp: Buffer;
  try {
    const header = await sharp(input, options).metadata();
    // sharp judges by the bytes too; both must agree, or the file is something made to look like one.
    if (header.format !== format) return refuse("not-an-image");
    webp = await sharp(input, options)
      .autoOrient()
      .resize({ width: box.width, height: box.height, fit: "inside", withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer();
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) return refuse("too-many-pixels");
    return refuse("unreadable");
  }
  return { ok: true, hash: createHash("sha256").update(webp).digest("hex"), webp };
}
