import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupSite } from "../../src/backup/backup-site.ts";
import { restoreSite } from "../../src/backup/restore-site.ts";
import { loadConfig } from "../../src/config.ts";
import { publishJson } from "../../src/publish/write-file.ts";
import { type SiteStores, siteStores } from "../../src/storage/site-stores.ts";
import type { Storage } from "../../src/storage/storage.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";
import { insertPerformer } from "../helpers/fixtures.ts";
import { startS3Server } from "../helpers/s3-server.ts";

/** Every object of a store: its key, bytes and the content type the bucket answers with. */
async function contents(store: Storage): Promise<[string, string][]> {
  const found: [string, string][] = [];
  for (const { key } of await store.list("")) {
    const object = await store.get(key);
    found.push([key, object ? object.bytes.toString("base64") : "gone"]);
  }
  return found;
}

/**
 * A site whose files are in a bucket (STORAGE_URL s3://…) is backed up whole: the database and
 * every family of the store (published files with their encoded variants, list and profile images,
 * kept thumbnails) come back into another bucket prefix and another database, byte for byte; a
 * restore into a store that holds files is refused before anything is written.
 */
describe("backup and restore of a site whose store is a bucket", () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let source: TestDatabase;
  let target: TestDatabase;
  let root: string;
  const configOf = (database: TestDatabase, prefix: string, dataDir: string) => {
    const { bucket, endpoint, region, accessKeyId, secretAccessKey } = s3.location;
    return loadConfig({
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      PUBLISH_DIR: path.join(dataDir, "public"),
      STORAGE_URL: `s3://${bucket}/${prefix}?region=${region}&endpoint=${encodeURIComponent(endpoint ?? "")}`,
      AWS_ACCESS_KEY_ID: accessKeyId,
      AWS_SECRET_ACCESS_KEY: secretAccessKey,
      AUTH_SECRET: "a-fleet-secret-of-at-least-thirty-two-characters",
    });
  };

  beforeAll(async () => {
    s3 = await startS3Server();
    source = await createTestDatabase();
    target = await createTestDatabase();
    root = await mkdtemp(path.join(tmpdir(), "backup-bucket-"));
  });
  afterAll(async () => {
    await source?.drop();
    await target?.drop();
    await s3?.stop();
    await rm(root, { recursive: true, force: true });
  });

  it("copies the database and every family of the bucket, and restores them into another", async () => {
    const from = configOf(source, "site-a", path.join(root, "a"));
    const stores: SiteStores = siteStores(from);
    await insertPerformer(source.db, { username: "kept_one", followers: 12 });
    await publishJson(stores.published, "/api/rankings.json", { rows: [1, 2, 3] });
    await stores.listImages.put("ab12.webp", Buffer.from("list image"), { contentType: "image/webp" });
    await stores.profileImages.put("cd34.webp", Buffer.from("profile image"), { contentType: "image/webp" });
    await stores.thumbs.put("kept_one.jpg", Buffer.from("thumbnail"), { contentType: "image/jpeg" });

    const lines: string[] = [];
    const backup = path.join(root, "backup");
    const manifest = await backupSite(from, backup, (line) => lines.push(line));
    expect(manifest.store).toEqual(["images/lists", "images/profiles", "thumbs", "publish"]);
    expect(lines).toContainEqual(
      expect.stringMatching(/^publish: 3 files from s3 bucket camstats-test under site-a\/public\/ at /),
    );
    expect((await readdir(path.join(backup, "store", "publish", "api"))).sort()).toEqual([
      "rankings.json",
      "rankings.json.br",
      "rankings.json.gz",
    ]);

    const to = configOf(target, "site-b", path.join(root, "b"));
    await restoreSite(to, backup, () => {});
    const restored = siteStores(to);
    for (const family of ["published", "listImages", "profileImages", "thumbs"] as const)
      expect(await contents(restored[family])).toEqual(await contents(stores[family]));
    const { rows } = await sql<{ username: string }>`SELECT username FROM performers`.execute(target.db);
    expect(rows.map((r) => r.username)).toEqual(["kept_one"]);
    // The bucket answers a restored object (a CDN in front of it, say) with the type it was put with.
    const { bucket, endpoint, region, accessKeyId, secretAccessKey } = s3.location;
    const client = new S3Client({
      region,
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId, secretAccessKey },
    });
    const head = (key: string) => client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    const typeOf = async (key: string) => (await head(key)).ContentType;
    expect(await typeOf("site-b/public/api/rankings.json")).toBe("application/json; charset=utf-8");
    expect((await head("site-b/public/api/rankings.json")).CacheControl).toBe("public, max-age=300");
    expect((await head("site-b/public/api/rankings.json.gz")).CacheControl).toBe("public, max-age=300");
    expect(await typeOf("site-b/public/api/rankings.json.br")).toBe("application/octet-stream");
    expect(await typeOf("site-b/images/profiles/cd34.webp")).toBe("image/webp");
    expect(await typeOf("site-b/thumbs/kept_one.jpg")).toBe("image/jpeg");
    client.destroy();
  });

  it("refuses a store that holds files, before it writes anything", async () => {
    const backup = path.join(root, "backup");
    const again = await createTestDatabase();
    try {
      const to = configOf(again, "site-b", path.join(root, "c"));
      await expect(restoreSite(to, backup, () => {})).rejects.toThrow(
        /^s3 bucket camstats-test under site-b\/images\/lists\/ at .* holds files: restore into an empty store$/,
      );
      const { rows } = await sql<{ n: number }>`SELECT COUNT(*)::int AS n FROM performers`.execute(again.db);
      expect(rows[0]?.n).toBe(0);
    } finally {
      await again.drop();
    }
  });
});
