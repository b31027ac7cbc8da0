import sharp from "sharp";
import { namedCache } from "../cache/named-cache.ts";
import type { SocialImage } from "../profiles/social/catalogue.ts";
import { PNG_SCALE } from "../profiles/social/images.ts";

/**
 * The PNGs, by address (its hash names the drawing), kept for good: a few tens of buttons and
 * trophies a catalogue, a few kB each. The bound is for catalogues of several platform names.
 */
const pngs = namedCache<string, Buffer>({
  name: "social-image-pngs",
  key: "the PNG's address (/social/{group}/{name}.{hash}.png)",
  bound: { entries: 512 },
  ttlMs: Number.POSITIVE_INFINITY,
});

/** The image as PNG at PNG_SCALE times its size, rendered at the first request and kept (a failed render is not). */
export function socialPng(image: SocialImage): Promise<Buffer> {
  return pngs.getOrLoad(image.png, () =>
    sharp(Buffer.from(image.body), { density: 72 * PNG_SCALE })
      .resize(image.width * PNG_SCALE, image.height * PNG_SCALE)
      .png({ compressionLevel: 9 })
      .toBuffer(),
  );
}
