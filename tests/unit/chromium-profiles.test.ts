import { mkdir, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { removeUnusedProfiles } from "../e2e/chromium-profiles.ts";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "camstats-profiles-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

it("removes the Chromium profiles no running process names, and nothing else", async () => {
  for (const entry of [
    "playwright_chromiumdev_profile-AbC123/Default",
    "camstats-test-x",
    "playwright-artifacts-y",
  ]) {
    await mkdir(path.join(dir, entry), { recursive: true });
  }
  expect(await removeUnusedProfiles(dir)).toEqual([path.join(dir, "playwright_chromiumdev_profile-AbC123")]);
  expect((await readdir(dir)).sort()).toEqual(["camstats-test-x", "playwright-artifacts-y"]);
  expect(await removeUnusedProfiles(path.join(dir, "missing"))).toEqual([]);
});
