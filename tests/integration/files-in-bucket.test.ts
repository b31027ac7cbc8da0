import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeThumb } from "../../src/collect/thumb-store.ts";
import { loadConfig } from "../../src/config.ts";
import { siteStores } from "../../src/storage/site-stores.ts";
import { testApp } from "../helpers/api.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";
import { insertPerformer } from "../helpers/fixtures.ts";
import { solidImage } from "../helpers/images.ts";
import { startS3Server } from "../helpers/s3-server.ts";

/**
 * With STORAGE_URL naming a bucket (decision 0045), the site serves the kept thumbnails and the
 * list and profile images from it, with the headers it gives them from a directory, and writes
 * nothing of them to DATA_DIR.
 */
describe("files kept in an S3 bucket", () => {
  let t: TestDatabase;
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let dataDir: string;
  let app: FastifyInstance;
  let config: ReturnType<typeof loadConfig>;

  beforeAll(async () => {
    t = await createTestDatabase();
    s3 = await startS3Server();
    dataDir = await mkdtemp(path.join(tmpdir(), "files-in-bucket-"));
    const { bucket, endpoint, region, accessKeyId, secretAccessKey } = s3.location;
    config = loadConfig({
      DATA_DIR: dataDir,
      STORAGE_URL: `s3://${bucket}/site?region=${region}&endpoint=${encodeURIComponent(endpoint ?? "")}`,
      AWS_ACCESS_KEY_ID: accessKeyId,
      AWS_SECRET_ACCESS_KEY: secretAccessKey,
    });
    app = testApp(t.db, { config, pageCache: false });
  });
  afterAll(async () => {
    await app?.close();
    await s3?.stop();
    await rm(dataDir, { recursive: true, force: true });
    await t?.drop();
  });

  it("serves a kept thumbnail from the bucket, with its day's cache", async () => {
    const jpeg = await solidImage(240, 180, "jpeg");
    await insertPerformer(t.db, { username: "anna_bucket" });
    await storeThumb(siteStores(config).thumbs, "anna_bucket", jpeg);
    const response = await app.inject({ url: "/profile/anna_bucket-thumb.jpg" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/jpeg");
    expect(response.headers["cache-control"]).toBe("public, max-age=86400");
    expect(response.rawPayload.equals(jpeg)).toBe(true);
    expect((await app.inject({ url: "/profile/nobody_here-thumb.jpg" })).statusCode).toBe(404);
    expect((await siteStores(config).thumbs.list("")).map((o) => o.key)).toEqual(["anna_bucket.jpg"]);
  });

  it("serves the list and profile images from the bucket", async () => {
    const webp = await solidImage(64, 64, "webp");
    const name = `${"ab".repeat(32)}.webp`;
    const stores = siteStores(config);
    await stores.listImages.put(name, webp);
    await stores.profileImages.put(name, webp);
    for (const url of [`/images/lists/${name}`, `/images/profiles/${name}`]) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"], url).toBe("image/webp");
      expect(response.rawPayload.equals(webp), url).toBe(true);
    }
    expect((await app.inject({ url: `/images/lists/${"cd".repeat(32)}.webp` })).statusCode).toBe(404);
  });

  it("keeps none of these files in DATA_DIR", () => {
    expect(existsSync(path.join(dataDir, "thumbs"))).toBe(false);
    expect(existsSync(path.join(dataDir, "images"))).toBe(false);
  });
});
