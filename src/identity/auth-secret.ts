import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Config } from "../config.ts";

/**
 * AUTH_SECRET, or the one kept in DATA_DIR/auth-secret: made at the first start (32 random bytes,
 * readable by this user only) so a fresh clone needs no setup, and the same for every process and
 * every restart (changing it would void every link sent and every signing key). Written beside
 * and linked into place, so of several processes starting at once one writes it and all read it.
 */
export function authSecretOf(config: Pick<Config, "AUTH_SECRET" | "DATA_DIR">): string {
  if (config.AUTH_SECRET !== undefined) return config.AUTH_SECRET;
  const file = path.join(config.DATA_DIR, "auth-secret");
  try {
    return readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(config.DATA_DIR, { recursive: true });
  const draft = `${file}.${process.pid}`;
  writeFileSync(draft, `${randomBytes(32).toString("hex")}\n`, { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    rmSync(draft, { force: true });
  }
  return readFileSync(file, "utf8").trim();
}
