import type { ChildProcess } from "node:child_process";
import { describe, expect, it } from "vitest";
import { spawnMain } from "../helpers/main-process.ts";

/**
 * SITE_ROLE's boot errors (decision 0037). The roles at work, a worker that builds the history,
 * collects and publishes and web nodes that serve what it wrote, each scraped for its metrics, are
 * tested as a fleet in fleet.test.ts.
 */

async function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

describe("a role's boot errors", () => {
  async function bootError(env: Record<string, string>): Promise<string> {
    let output = "";
    const child = spawnMain(env, (text) => {
      output += text;
    });
    expect(await exitOf(child)).toBe(1);
    return output;
  }

  it("names a role that does not exist", async () => {
    expect(await bootError({ SITE_ROLE: "cluster" })).toContain(
      'SITE_ROLE: expected all (the whole site), web (pages, API and published files) or worker (collector, daily job, bios, thumbnails, alerts, mail); got "cluster"',
    );
  }, 90_000);

  it.each(["web", "worker"])(
    "wants DATABASE_URL for SITE_ROLE=%s, and says what else a fleet needs",
    async (role) => {
      const output = await bootError({ SITE_ROLE: role });
      expect(output).toContain(
        `DATABASE_URL: expected the fleet's PostgreSQL URL whenever SITE_ROLE is ${role}: every node of a fleet shares one PostgreSQL (a web node or the worker never starts the embedded one), one store for files (an s3:// STORAGE_URL, or PUBLISH_DIR and DATA_DIR on storage every node sees), and AUTH_SECRET set alike on every node or unset on all (then the database keeps one); got nothing (not set)`,
      );
    },
    90_000,
  );
});
