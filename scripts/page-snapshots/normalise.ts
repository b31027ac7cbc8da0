import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The client build's file names carry the source file's name and a hash of the content, so moving a
 * page's files renames its chunks without changing a byte the browser runs. The snapshots name each
 * built file by its content instead, with the names it holds of other built files blanked: two builds
 * whose files say the same things get the same names, whatever they were called.
 */

const COMPRESSED = /\.(br|gz)$/;

export interface AssetNames {
  /** Replaces every built file's name in `text` by its content name. */
  normalise(text: string): string;
  /** One line per built file (compressed copies left out): its content name, sorted. */
  listing: string[];
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export function assetNames(assetsDir: string): AssetNames {
  const names = readdirSync(assetsDir).filter((name) => !COMPRESSED.test(name));
  // Longest first, so that no name is taken for a prefix of a longer one.
  const pattern = new RegExp(
    [...names]
      .sort((a, b) => b.length - a.length)
      .map(literal)
      .join("|"),
    "g",
  );
  const canonical = new Map<string, string>();
  for (const name of names) {
    const blanked = readFileSync(path.join(assetsDir, name), "latin1").replace(pattern, "ASSET");
    const digest = createHash("sha256").update(blanked, "latin1").digest("hex").slice(0, 16);
    canonical.set(name, `${digest}${path.extname(name)}`);
  }
  return {
    normalise: (text) => text.replace(pattern, (name) => canonical.get(name) ?? name),
    listing: [...canonical.values()].sort(),
  };
}

const INLINE_SCRIPT = /<script(?:\s[^>]*)?>([\s\S]*?)<\/script>/g;
const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

/**
 * The Content-Security-Policy allows the page's inline scripts by their hashes, and those scripts
 * hold the build's file names. Each hash is replaced by the hash of its script once normalised;
 * a hash that matches no inline script of the body is marked, so the header still says whether it
 * fits the page it came with.
 */
export function normalisePolicy(policy: string, body: string, normalise: (text: string) => string): string {
  const byHash = new Map<string, string>();
  for (const [, script = ""] of body.matchAll(INLINE_SCRIPT)) {
    byHash.set(sha256(script), sha256(normalise(script)));
  }
  return policy.replace(
    /'sha256-[^']+'/g,
    (hash) => byHash.get(hash) ?? `${hash} (matches no inline script)`,
  );
}
