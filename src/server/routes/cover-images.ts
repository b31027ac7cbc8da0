import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { GENDER_LABELS } from "../../site/gender-labels.ts";
import { isFileSegment, isRankingGender } from "../../stats/rankings/vocabulary.ts";

/** A day: the picture of a name never changes, but a deploy may redraw them all. */
const CACHE = "public, max-age=86400";

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "apos" }[c]};`);

/**
 * A ranking page's cover (SPEC §7: /images/top/{platform}_top_{tag or gender}.jpg), drawn here
 * rather than fetched: the label ('#asian', 'Female') on a gradient whose colours come from the
 * name, so every list has a banner of its own and no visitor's browser asks a third party for it.
 * SVG under the .jpg name the SPEC gives, as the sandbox's thumbnails are: browsers go by the
 * Content-Type.
 */
export function coverSvg(name: string): string {
  const digest = createHash("sha256").update(name).digest();
  const hue = digest.readUInt16BE(0) % 360;
  const hue2 = (hue + 35 + (digest.readUInt8(2) % 90)) % 360;
  const label = isRankingGender(name) ? GENDER_LABELS[name] : `#${name}`;
  const size = Math.max(48, Math.min(120, Math.floor(1600 / Math.max(label.length, 8))));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="300" viewBox="0 0 1200 300">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="hsl(${hue},65%,42%)"/><stop offset="1" stop-color="hsl(${hue2},70%,22%)"/>
</linearGradient></defs>
<rect width="1200" height="300" fill="url(#g)"/>
<g fill="#fff" fill-opacity="0.07">${[0, 1, 2, 3, 4, 5]
    .map(
      (i) =>
        `<circle cx="${(digest.readUInt8(3 + i) / 255) * 1200}" cy="${(digest.readUInt8(9 + i) / 255) * 300}" r="${60 + (digest.readUInt8(15 + i) % 120)}"/>`,
    )
    .join("")}</g>
<text x="60" y="150" dy="0.35em" font-family="Helvetica, Arial, sans-serif" font-size="${size}" font-weight="700" fill="#fff">${escapeXml(label)}</text>
<text x="1140" y="262" text-anchor="end" font-family="Helvetica, Arial, sans-serif" font-size="30" font-weight="600" fill="#fff" fill-opacity="0.75">Top 100</text>
</svg>
`;
}

/**
 * GET /images/top/{slug}_top_{name}.jpg for this platform's slug and any name a ranking file could
 * have (a gender word or a tag); anything else is the API's 404, which the page's cover hides on.
 */
export function registerCoverImages(app: FastifyInstance, platformSlug: string): void {
  const prefix = `${platformSlug}_top_`;
  app.get<{ Params: { file: string } }>("/images/top/:file", async (request, reply) => {
    const { file } = request.params;
    const name = file.startsWith(prefix) && file.endsWith(".jpg") ? file.slice(prefix.length, -4) : "";
    if (!isFileSegment(name)) return reply.callNotFound();
    return reply.header("cache-control", CACHE).type("image/svg+xml; charset=utf-8").send(coverSvg(name));
  });
}
