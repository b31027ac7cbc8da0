import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { namedCache } from "../../cache/named-cache.ts";
import { readThumb } from "../../collect/thumb-store.ts";
import type { Db } from "../../db/connect.ts";
import { isConfirmedOptout } from "../../db/queries/optouts.ts";
import { drawRankingCover } from "../../images/ranking-cover.ts";
import { manifestSchema } from "../../publish/manifest.ts";
import { dailyViewerRankingPath, FIXED_PATHS } from "../../publish/paths.ts";
import { dailyViewerFileSchema } from "../../publish/ranking-schemas.ts";
import { readPublishedJson } from "../../publish/read-published-json.ts";
import { GENDER_LABELS } from "../../site/gender-labels.ts";
import { isFileSegment, isRankingGender } from "../../stats/rankings/vocabulary.ts";
import type { Storage, StorageOrDir } from "../../storage/storage.ts";

/** An hour: the cover follows the latest day's first performer, who changes once a day. */
const CACHE = "public, max-age=3600";
/** How far down a list the cover looks for a performer with a kept thumbnail. */
const COVER_CANDIDATES = 10;

/** The list's name as its cover shows it: a gender's word, or the tag with its '#'. */
const coverLabel = (name: string) => (isRankingGender(name) ? GENDER_LABELS[name] : `#${name}`);

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
  const label = coverLabel(name);
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

/** Drawn covers by day, list and performer: a new day or a new first performer is a new key. */
const drawnCovers = namedCache<string, Buffer>({
  name: "ranking-covers",
  key: "day, list name and the performer drawn",
  bound: { bytes: 32 * 1024 * 1024, sizeOf: (jpeg) => jpeg.length },
  ttlMs: 6 * 60 * 60 * 1000,
});

export interface CoverSources {
  db: Db;
  publishDir: StorageOrDir;
  /** The kept thumbnails' store (decision 0045). */
  thumbs: Storage;
}

/**
 * The performer a list's cover shows: the highest ranked of the latest day's list (a tag's list of
 * every gender, or the gender's own) who has not opted out and whose thumbnail is kept; null when
 * nothing is published or nobody near the top has one.
 */
async function coverPerformer(
  sources: CoverSources,
  name: string,
): Promise<{ day: string; username: string; thumbnail: Buffer } | null> {
  const manifest = await readPublishedJson(sources.publishDir, FIXED_PATHS.manifest, manifestSchema);
  if (manifest === null) return null;
  const day = manifest.latest;
  const path = isRankingGender(name)
    ? dailyViewerRankingPath(day, name)
    : dailyViewerRankingPath(day, "all", name);
  const rows = await readPublishedJson(sources.publishDir, path, dailyViewerFileSchema);
  if (rows === null) return null;
  for (const { u: username } of rows.slice(0, COVER_CANDIDATES)) {
    if (await isConfirmedOptout(sources.db, username)) continue;
    const thumbnail = await readThumb(sources.thumbs, username);
    if (thumbnail !== null) return { day, username, thumbnail };
  }
  return null;
}

/**
 * GET /images/top/{slug}_top_{name}.jpg for this platform's slug and any name a ranking file could
 * have (a gender word or a tag); anything else is the API's 404, which the page's cover hides on.
 * The cover is drawn from the kept thumbnail of the list's first performer (issue 30, point 8),
 * looked up on each request so that an opt-out holds at once; the drawing of the name alone where
 * no thumbnail is kept.
 */
export function registerCoverImages(app: FastifyInstance, platformSlug: string, sources: CoverSources): void {
  const prefix = `${platformSlug}_top_`;
  app.get<{ Params: { file: string } }>("/images/top/:file", async (request, reply) => {
    const { file } = request.params;
    const name = file.startsWith(prefix) && file.endsWith(".jpg") ? file.slice(prefix.length, -4) : "";
    if (!isFileSegment(name)) return reply.callNotFound();
    reply.header("cache-control", CACHE);
    const performer = await coverPerformer(sources, name);
    if (performer === null) return reply.type("image/svg+xml; charset=utf-8").send(coverSvg(name));
    const { day, username, thumbnail } = performer;
    const jpeg = await drawnCovers.getOrLoad(`${day}\n${name}\n${username}`, () =>
      drawRankingCover(thumbnail, coverLabel(name)),
    );
    return reply.header("x-content-type-options", "nosniff").type("image/jpeg").send(jpeg);
  });
}
