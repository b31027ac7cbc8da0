import type { SocialNetwork } from "../types/performer-profile.ts";

/**
 * The networks a verified profile may link and the rule a link keeps (decision 0022), apart from
 * profile-rules.ts so that pages can check a link without loading the calls' zod schemas (zod's
 * first parse tries eval, which the pages' Content-Security-Policy refuses).
 */

export const MAX_SOCIAL_URL = 300;

/** Each network a profile may link, and the hosts its links must be on (or a subdomain of one). */
export const SOCIAL_HOSTS = {
  twitter: ["x.com", "twitter.com"],
  instagram: ["instagram.com"],
  tiktok: ["tiktok.com"],
  onlyfans: ["onlyfans.com"],
  fansly: ["fansly.com"],
  reddit: ["reddit.com"],
  youtube: ["youtube.com"],
  linktree: ["linktr.ee"],
  telegram: ["t.me"],
} as const satisfies Record<SocialNetwork, readonly string[]>;
export const SOCIAL_NETWORKS = Object.keys(SOCIAL_HOSTS) as SocialNetwork[];

/**
 * A link as kept (its normalised href), or null when it is not an https page on the network's
 * host: no other scheme (javascript:, data:, http:), no user name or password, no port, nothing
 * but printable ASCII, and a path beyond "/" (a link to the network itself says nothing).
 */
export function socialLink(network: SocialNetwork, raw: string): string | null {
  if (raw.length > MAX_SOCIAL_URL || !/^[\x21-\x7e]+$/.test(raw) || !/^https:\/\//i.test(raw)) return null;
  const authority = raw.slice("https://".length).split(/[/?#\\]/)[0] ?? "";
  if (authority.includes("@") || authority.includes(":")) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" || url.username !== "" || url.password !== "" || url.port !== "") return null;
  const host = url.hostname;
  const onNetwork = SOCIAL_HOSTS[network].some((h) => host === h || host.endsWith(`.${h}`));
  if (!onNetwork || url.pathname.length <= 1) return null;
  return url.href;
}
