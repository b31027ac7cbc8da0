import { type BioBlock, type BlockItem, blockHtml } from "../../../profiles/social/bio-block.ts";
import { parseHandle } from "../../../profiles/social/networks.ts";
import { SITE_NAME } from "../../../site/site-settings.ts";
import type { SocialNetwork } from "../../../types/performer-profile.ts";
import type { SocialPageData, SocialState } from "./page-data.ts";

/** The block of the page's choices, and the refusal of each handle that is not one. */
export interface BuiltBlock {
  block: BioBlock;
  html: string;
  problems: Partial<Record<SocialNetwork, string>>;
}

/**
 * The block for the choices (the same on the server's first view and in the browser as they
 * change): the room's button, each network whose field holds a valid handle or link, then the
 * earned trophies picked, each linked to the performer's page on our site.
 */
export function buildBlock(data: SocialPageData, state: SocialState): BuiltBlock {
  const buttons: BlockItem[] = [];
  const problems: BuiltBlock["problems"] = {};
  if (state.room && data.performer !== null)
    buttons.push({
      href: data.performer.roomUrl,
      src: data.roomImage.png,
      alt: `${data.platformName} room`,
      width: data.roomImage.width,
      height: data.roomImage.height,
    });
  for (const network of data.networks) {
    const typed = state.handles[network.network] ?? "";
    if (typed.trim() === "") continue;
    const parsed = parseHandle(network.network, typed);
    if (!parsed.ok) {
      problems[network.network] = parsed.problem;
      continue;
    }
    const { png, width, height } = network.image;
    buttons.push({ href: parsed.link, src: png, alt: network.label, width, height });
  }
  const trophies: BlockItem[] = [];
  if (data.performer !== null)
    for (const trophy of data.trophies)
      if (trophy.earned && state.trophies.includes(trophy.slug)) {
        const { png, width, height } = trophy.image;
        trophies.push({
          href: data.performer.pageUrl,
          src: png,
          alt: `${trophy.name} on ${SITE_NAME}`,
          width,
          height,
        });
      }
  const block = { buttons, trophies };
  return { block, html: blockHtml(block, data.origin), problems };
}
