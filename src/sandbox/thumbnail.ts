import sharp from "sharp";
import { namedCache } from "../cache/named-cache.ts";
import { hashString } from "./prng.ts";

/**
 * Placeholder thumbnails: the username's initials on a gradient derived from the name. Never photos.
 * Drawn as SVG, served as the JPEG the real image host serves (thumbnailJpeg), so that what keeps
 * thumbnails from it (src/collect/thumbnails.ts) meets real image bytes.
 */
export function thumbnailSvg(username: string): string {
  const h = hashString(username);
  const hue1 = h % 360;
  const hue2 = (hue1 + 40 + ((h >>> 9) % 120)) % 360;
  const angle = (h >>> 17) % 4;
  const [x2, y2] = [
    ["1", "1"],
    ["1", "0"],
    ["0", "1"],
    ["1", "0.5"],
  ][angle] ?? ["1", "1"];
  const initials = initialsOf(username);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="270" viewBox="0 0 360 270">
<defs><linearGradient id="g" x1="0" y1="0" x2="${x2}" y2="${y2}">
<stop offset="0" stop-color="hsl(${hue1},70%,55%)"/><stop offset="1" stop-color="hsl(${hue2},70%,35%)"/>
</linearGradient></defs>
<rect width="360" height="270" fill="url(#g)"/>
<text x="180" y="135" dy="0.35em" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="110" font-weight="700" fill="#fff" fill-opacity="0.9">${initials}</text>
</svg>
`;
}

/** Up to two letters: the first letters of the first two name parts ("sweet_anna" -> "SA"). */
export function initialsOf(username: string): string {
  const parts = username.split(/[_0-9]+/).filter((w) => w.length > 0);
  const letters = parts.length >= 2 ? `${parts[0]?.[0]}${parts[1]?.[0]}` : (parts[0] ?? username).slice(0, 2);
  return (letters || "?").toUpperCase().replace(/[^A-Z0-9?]/g, "?");
}

/** Names whose JPEG is kept: a page of thumbnails asks for each again within the minute. */
const jpegs = namedCache<string, Buffer>({
  name: "sandbox-thumbnails",
  key: "the performer's name",
  bound: { entries: 512 },
  ttlMs: Number.POSITIVE_INFINITY,
});

/** The placeholder as a 360 × 270 JPEG (about 9 ms to draw; the last few hundred are kept). */
export function thumbnailJpeg(username: string): Promise<Buffer> {
  return jpegs.getOrLoad(username, () =>
    sharp(Buffer.from(thumbnailSvg(username)))
      .jpeg({ quality: 80 })
      .toBuffer(),
  );
}
