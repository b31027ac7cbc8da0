import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Config } from "../config.ts";
import type { Db } from "../db/connect.ts";
import { sharedSecret } from "../db/queries/site-secrets.ts";

/** A fresh secret: 32 random bytes, as hex. */
const newSecret = () => randomBytes(32).toString("hex");

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
  writeFileSync(draft, `${newSecret()}\n`, { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    rmSync(draft, { force: true });
  }
  return readFileSync(file, "utf8").trim();
}

/**
 * A node of a fleet (SITE_ROLE web or worker, decision 0037): AUTH_SECRET, or else the secret kept
 * in the database, made by the first node that starts; never a file, which the other nodes could
 * not read. Answers the configuration with AUTH_SECRET set, so that authSecretOf gives it. The
 * whole site (all) is left to authSecretOf's rule, as before.
 */
export async function withFleetAuthSecret(config: Config, db: Db): Promise<Config> {
  if (config.SITE_ROLE === "all" || config.AUTH_SECRET !== undefined) return config;
  return { ...config, AUTH_SECRET: await sharedSecret(db, "auth-secret", newSecret) };
}
