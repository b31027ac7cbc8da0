import { createHash } from "node:crypto";
import { namedCache } from "../../cache/named-cache.ts";
import type { ImageFile } from "./bio-block.ts";
import { BUTTON_SIZE, buttonSvg, TROPHY_SIZE, trophySvg } from "./images.ts";
import { BUTTON_NETWORKS, type ButtonNetwork } from "./networks.ts";
import { TROPHIES } from "./trophies.ts";

/**
 * The social media buttons and trophies as files (docs/decisions/0027): each SVG drawn once per
 * platform name, its address carrying a hash of its content, so that a file is immutable and a new
 * drawing is a new address: /social/buttons/{network}.{hash}.svg|png, /social/trophies/{slug}.{hash}.svg|png.
 */

export const SOCIAL_IMAGES_PATH = "/social";
export type SocialGroup = "buttons" | "trophies";

/** Raised when the PNG rendering changes in a way the SVG's own hash does not show. */
const RENDER_VERSION = "png-2x-1";

export interface SocialImage extends ImageFile {
  group: SocialGroup;
  name: string;
  hash: string;
  body: string;
}

export interface SocialImageCatalogue {
  buttons: ReadonlyMap<ButtonNetwork, SocialImage>;
  trophies: ReadonlyMap<string, SocialImage>;
}

function image(
  group: SocialGroup,
  name: string,
  body: string,
  size: { width: number; height: number },
): SocialImage {
  const hash = createHash("sha256").update(RENDER_VERSION).update(body).digest("hex").slice(0, 10);
  const base = `${SOCIAL_IMAGES_PATH}/${group}/${name}.${hash}`;
  return { group, name, hash, body, svg: `${base}.svg`, png: `${base}.png`, ...size };
}

/** The catalogues, by platform name (one in a running site: PLATFORM_NAME), kept for good. */
const catalogues = namedCache<string, SocialImageCatalogue>({
  name: "social-image-catalogues",
  key: "the platform name the room button says",
  bound: { entries: 8 },
  ttlMs: Number.POSITIVE_INFINITY,
});

/** Every button and trophy for a platform name (the room button says it), made once. */
export function socialImageCatalogue(platformName: string): SocialImageCatalogue {
  let catalogue = catalogues.get(platformName);
  if (catalogue === undefined) {
    catalogue = {
      buttons: new Map(
        BUTTON_NETWORKS.map((n) => [n, image("buttons", n, buttonSvg(n, platformName), BUTTON_SIZE)]),
      ),
      trophies: new Map(TROPHIES.map((t) => [t.slug, image("trophies", t.slug, trophySvg(t), TROPHY_SIZE)])),
    };
    catalogues.set(platformName, catalogue);
  }
  return catalogue;
}

/** The image of a group and name, or null. */
export function socialImage(
  catalogue: SocialImageCatalogue,
  group: string,
  name: string,
): SocialImage | null {
  if (group === "buttons") return catalogue.buttons.get(name as ButtonNetwork) ?? null;
  if (group === "trophies") return catalogue.trophies.get(name) ?? null;
  return null;
}
