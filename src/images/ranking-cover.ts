import { renderAsync } from "@resvg/resvg-js";
import sharp from "sharp";
import { CARD_FONT_FILE } from "./bingo-card-png.ts";

/** A ranking page's banner: SPEC §7's cover is 1200 × 300 (the page scales it to its width). */
export const COVER_WIDTH = 1200;
export const COVER_HEIGHT = 300;
/** The performer's picture on the right of the banner, unblurred, 4:3 as the platform's thumbnails. */
const PHOTO = { width: 320, height: 240, right: 40 } as const;
const JPEG_QUALITY = 82;
const FONT_FAMILY = "DejaVu Sans Condensed";

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "apos" }[c]};`);

const dataUri = (jpeg: Buffer) => `data:image/jpeg;base64,${jpeg.toString("base64")}`;

/**
 * The cover of a ranking (issue 30, point 8) drawn from the kept thumbnail of the performer it ranks
 * first: the picture blurred and darkened across the whole banner, the same picture sharp on the
 * right, and the list's label ('#asian', 'Female') on the left. The thumbnail is decoded and
 * drawn again by sharp (only its pixels reach the SVG), the text by resvg with the font file the
 * bingo card ships, so the banner reads the same on every machine; the result is a JPEG, as the
 * address's name says.
 */
export async function drawRankingCover(thumbnail: Buffer, label: string): Promise<Buffer> {
  const background = await sharp(thumbnail)
    .resize(COVER_WIDTH, COVER_HEIGHT, { fit: "cover" })
    .blur(18)
    .modulate({ brightness: 0.6 })
    .jpeg({ quality: 70 })
    .toBuffer();
  const photo = await sharp(thumbnail)
    .resize(PHOTO.width, PHOTO.height, { fit: "cover" })
    .jpeg({ quality: 85 })
    .toBuffer();
  const photoX = COVER_WIDTH - PHOTO.width - PHOTO.right;
  const photoY = (COVER_HEIGHT - PHOTO.height) / 2;
  const size = Math.max(44, Math.min(104, Math.floor(1300 / Math.max(label.length, 8))));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_WIDTH}" height="${COVER_HEIGHT}">
<defs>
<linearGradient id="shade" x1="0" y1="0" x2="1" y2="0">
<stop offset="0" stop-color="#000" stop-opacity="0.55"/><stop offset="0.7" stop-color="#000" stop-opacity="0"/>
</linearGradient>
<clipPath id="round"><rect x="${photoX}" y="${photoY}" width="${PHOTO.width}" height="${PHOTO.height}" rx="14"/></clipPath>
</defs>
<image href="${dataUri(background)}" x="0" y="0" width="${COVER_WIDTH}" height="${COVER_HEIGHT}" preserveAspectRatio="none"/>
<rect width="${COVER_WIDTH}" height="${COVER_HEIGHT}" fill="url(#shade)"/>
<image href="${dataUri(photo)}" x="${photoX}" y="${photoY}" width="${PHOTO.width}" height="${PHOTO.height}" clip-path="url(#round)"/>
<text x="60" y="140" dy="0.35em" font-family="${FONT_FAMILY}" font-size="${size}" font-weight="700" fill="#fff">${escapeXml(label)}</text>
<text x="62" y="240" font-family="${FONT_FAMILY}" font-size="30" font-weight="700" fill="#fff" fill-opacity="0.8">Top 100</text>
</svg>`;
  const png = await renderAsync(svg, {
    font: { fontFiles: [CARD_FONT_FILE], loadSystemFonts: false, defaultFontFamily: FONT_FAMILY },
    logLevel: "off",
  });
  return sharp(png.asPng()).flatten({ background: "#000" }).jpeg({ quality: JPEG_QUALITY }).toBuffer();
}
