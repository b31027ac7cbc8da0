import { renderAsync } from "@resvg/resvg-js";
import { logoSvg } from "../site/brand.ts";

/** The sizes browsers and tools ask /favicon.ico for: tabs (16, 32) and shortcuts (48). */
export const FAVICON_SIZES = [16, 32, 48] as const;

/**
 * /favicon.ico (issue 28): the square icon of the logo (src/site/brand.ts) as an ICO of PNG images,
 * which every browser since 2007 reads. Pages link the SVG favicon; this is for what asks the
 * conventional path anyway (old browsers, feed readers, bookmarks, crawlers).
 */
export async function faviconIco(): Promise<Buffer> {
  const svg = logoSvg("icon", "light");
  const pngs = await Promise.all(
    FAVICON_SIZES.map(async (size) =>
      (await renderAsync(svg, { fitTo: { mode: "width", value: size }, logLevel: "off" })).asPng(),
    ),
  );
  return icoOf(pngs.map((png, i) => ({ size: FAVICON_SIZES[i] as number, png })));
}

/** The ICO container: a 6-byte header, a 16-byte entry per image, then the images (PNG). */
export function icoOf(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // 1: icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0); // width (0 means 256)
    entry.writeUInt8(size >= 256 ? 0 : size, 1); // height
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3); // reserved
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((i) => i.png)]);
}
