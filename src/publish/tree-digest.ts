import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/** Every file under a publish root, by its URL path ("/stats/…"). */
export async function listTree(root: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else out.push(`/${path.relative(root, full)}`);
    }
  };
  await walk(root);
  return out;
}

/**
 * Every file under a publish root with the SHA-256 of its bytes: two trees with equal digests are
 * byte-identical (what a rebuild must give).
 */
export async function treeDigest(root: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const file of await listTree(root)) {
    out.set(
      file,
      createHash("sha256")
        .update(await readFile(path.join(root, file)))
        .digest("hex"),
    );
  }
  return out;
}
