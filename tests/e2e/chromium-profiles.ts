import { readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * The browser layer's workers keep one Chromium each to their end (chromium.ts, sharedChromium).
 * When a worker exits, Playwright kills its Chromium but cannot wait to remove the profile it made
 * in the temporary directory, a few megabytes a run, and in memory since the tests' temporary
 * directory is (decision 0056). The layer's teardown removes the profiles no running Chromium
 * uses: another run's, still going, are named on their Chromium's command line.
 */

const PROFILE = /^playwright_chromiumdev_profile-/;

/** Every running process's command line, as one string each. */
async function commandLines(): Promise<string[]> {
  const pids = (await readdir("/proc")).filter((entry) => /^\d+$/.test(entry));
  const lines = await Promise.all(
    pids.map((pid) => readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "")),
  );
  return lines.map((line) => line.replaceAll("\0", " "));
}

/** Removes the Chromium profiles in `dir` that no running process names; returns what it removed. */
export async function removeUnusedProfiles(dir = tmpdir()): Promise<string[]> {
  const profiles = (await readdir(dir).catch(() => [])).filter((entry) => PROFILE.test(entry));
  if (profiles.length === 0) return [];
  const running = await commandLines();
  const unused = profiles
    .map((entry) => path.join(dir, entry))
    .filter((profile) => !running.some((line) => line.includes(profile)));
  await Promise.all(unused.map((profile) => rm(profile, { recursive: true, force: true })));
  return unused;
}

/** Vitest's global setup of the browser layer: nothing before, the unused profiles after. */
export default function setup(): () => Promise<void> {
  return async () => {
    await removeUnusedProfiles();
  };
}
