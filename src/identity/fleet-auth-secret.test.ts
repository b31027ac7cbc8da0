import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/database.ts";
import { loadConfig } from "../config.ts";
import { connect } from "../db/connect.ts";
import { authSecretOf, withFleetAuthSecret } from "./auth-secret.ts";

describe("the identity secret of a fleet's nodes (decision 0037)", () => {
  let t: TestDatabase;
  let dataDir: string;
  beforeAll(async () => {
    t = await createTestDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), "camstats-fleet-secret-"));
  });
  afterAll(async () => {
    await t.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const config = (env: Record<string, string>) =>
    loadConfig({ DATABASE_URL: t.url, DATA_DIR: path.join(dataDir, "data"), ...env });

  it("is one secret in the database, made once by whichever node comes first, never a file", async () => {
    // Four nodes starting at once, each on connections of its own.
    const nodes = ["web", "web", "worker", "web"].map(() => connect(t.url, { max: 1 }));
    try {
      const secrets = await Promise.all(
        nodes.map(async (node, i) =>
          authSecretOf(await withFleetAuthSecret(config({ SITE_ROLE: i === 2 ? "worker" : "web" }), node.db)),
        ),
      );
      expect(secrets[0]).toMatch(/^[0-9a-f]{64}$/);
      expect(new Set(secrets).size).toBe(1);
      // A later start reads the same.
      expect(authSecretOf(await withFleetAuthSecret(config({ SITE_ROLE: "web" }), t.db))).toBe(secrets[0]);
      expect(() => statSync(path.join(dataDir, "data", "auth-secret"))).toThrow();
    } finally {
      await Promise.all(nodes.map((node) => node.close()));
    }
  });

  it("is AUTH_SECRET when set, on every node", async () => {
    const secret = "s".repeat(40);
    const fleet = await withFleetAuthSecret(config({ SITE_ROLE: "worker", AUTH_SECRET: secret }), t.db);
    expect(authSecretOf(fleet)).toBe(secret);
  });

  it("leaves the whole site to its own rule (AUTH_SECRET or its file)", async () => {
    const whole = config({});
    expect(await withFleetAuthSecret(whole, t.db)).toBe(whole);
  });
});
