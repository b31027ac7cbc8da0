import { defineConfig } from "vitest/config";

/** The page snapshots' renderer alone (scripts/page-snapshots.ts runs it), with the test PostgreSQL. */
export default defineConfig({
  test: {
    include: ["scripts/page-snapshots/render.ts"],
    globalSetup: ["tests/global-setup.ts"],
    testTimeout: 300_000,
    hookTimeout: 120_000,
    pool: "forks",
  },
});
