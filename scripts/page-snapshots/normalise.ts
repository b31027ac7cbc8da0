import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The client build's file names carry the source file's name and a hash of the content, and a
 * moved source file changes more than its own chunk's name: Rollup orders modules by path, so the
 * shared chunks' boundaries and the minifier's export names move too, and every script's bytes
 * change with them (decision 0039). So in the snapshots every built script is `ASSET.js` (the page
 * still names as many, in the same places), while the stylesheets and other files keep a name made
 * from their content, with the names they hold of other built files blanked: a page that loads
 * other CSS shows.
 */

const COMPRESSED = /\.(br|gz)$/;
/** The manifest's version is a hash of the manifest, file names included. */
const MANIFEST = /^manifest-([0-9a-f]+)\.js$/;

export interface AssetNames {
  /** Replaces every built file's name in `text`. */
  normalise(text: string): string;
  /** The stylesheets and other files that are not scripts, by content name, sorted. */
  listing: string[];
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export function assetNames(assetsDir: string): AssetNames {
  const names = readdirSync(assetsDir).filter((name) => !COMPRESSED.test(name));
  const versions = names.flatMap((name) => MANIFEST.exec(name)?.[1] ?? []);
  // Longest first, so that no name is taken for a prefix of a longer one.
  const pattern = new RegExp(
    [...names, ...versions]
      .sort((a, b) => b.length - a.length)
      .map(literal)
      .join("|"),
    "g",
  );
  const canonical = new Map<string, string>(versions.map((version) => [version, "VERSION"]));
  for (const name of names) {
    if (name.endsWith(".js")) {
      canonical.set(name, "ASSET.js");
      continue;
    }
    const blanked = readFileSync(path.join(assetsDir, name), "latin1").replace(pattern, "ASSET");
    const digest = createHash("sha256").update(blanked, "latin1").digest("hex").slice(0, 16);
    canonical.set(name, `${digest}${path.extname(name)}`);
  }
  return {
    normalise: (text) => text.replace(pattern, (name) => canonical.get(name) ?? name),
    listing: [...canonical.values()].filter((name) => !name.endsWith(".js") && name !== "VERSION").sort(),
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
