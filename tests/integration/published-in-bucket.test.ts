import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectPoll } from "../../src/collect/poll.ts";
import { loadConfig } from "../../src/config.ts";
import { runDailyJob } from "../../src/jobs/daily-job.ts";
import { cacheControlFor } from "../../src/publish/cache-control.ts";
import { checkPublishedFiles } from "../../src/publish/check-published-files.ts";
import { manifestSchema } from "../../src/publish/manifest.ts";
import { FIXED_PATHS } from "../../src/publish/paths.ts";
import { readPublishedJson } from "../../src/publish/read-published-json.ts";
import { treeDigest } from "../../src/publish/tree-digest.ts";
import { publishJson } from "../../src/publish/write-file.ts";
import { siteStores } from "../../src/storage/site-stores.ts";
import { etagOf, type Storage } from "../../src/storage/storage.ts";
import { testApp } from "../helpers/api.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";
import { startTestPlatform, type TestPlatform, testCollector } from "../helpers/platform.ts";
import { startS3Server } from "../helpers/s3-server.ts";

const MINUTE = 60_000;
const START = Date.UTC(2026, 10, 15, 12);
const END = Date.UTC(2026, 10, 17, 0, 20); // the 15th and the 16th are closed
const DAY = "2026-11-16";

/** The store, with every put's key (and a manifest's content) in the order it came. */
function recording(store: Storage): { store: Storage; puts: { key: string; bytes: Buffer }[] } {
  const puts: { key: string; bytes: Buffer }[] = [];
  return {
    puts,
    store: {
      description: store.description,
      sweepUnfinished: (before) => store.sweepUnfinished(before),
      put: async (key, bytes, options) => {
        await store.put(key, bytes, options);
        puts.push({ key, bytes });
      },
      get: (key) => store.get(key),
      head: (key) => store.head(key),
      stamp: (key) => store.stamp(key),
      list: (prefix) => store.list(prefix),
      holds: (prefix) => store.holds(prefix),
      delete: (key) => store.delete(key),
    },
  };
}

/**
 * With STORAGE_URL naming a bucket (decision 0050), the daily job publishes into it, the manifest
 * after the files it lists, the same keys and bytes it writes to a directory; the site serves them
 * from it with the headers it gives them from a directory, and its pages read them from it.
 */
describe("published files kept in an S3 bucket", () => {
  let t: TestDatabase;
  let platform: TestPlatform;
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let dataDir: string;
  let dirRoot: string;
  let config: ReturnType<typeof loadConfig>;
  let bucket: Storage;
  let puts: { key: string; bytes: Buffer }[];
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await createTestDatabase();
    s3 = await startS3Server();
    dataDir = await mkdtemp(path.join(tmpdir(), "published-in-bucket-"));
    dirRoot = path.join(dataDir, "public");
    const { bucket: name, endpoint, region, accessKeyId, secretAccessKey } = s3.location;
    config = loadConfig({
      DATA_DIR: dataDir,
      PUBLISH_DIR: dirRoot,
      STORAGE_URL: `s3://${name}/site?region=${region}&endpoint=${encodeURIComponent(endpoint ?? "")}`,
      AWS_ACCESS_KEY_ID: accessKeyId,
      AWS_SECRET_ACCESS_KEY: secretAccessKey,
    });
    platform = await startTestPlatform({ performers: 200, seed: 7, at: START });
    const collector = testCollector(t.db, platform);
    for (let at = START; at <= END; at += 30 * MINUTE) {
      platform.clock.set(at);
      await collectPoll(collector, new Date(at));
    }
    ({ store: bucket, puts } = recording(siteStores(config).published));
    const options = { excludedUsername: undefined, tagMinPerformers: 3 };
    const now = () => END + MINUTE;
    await runDailyJob({ db: t.db, root: bucket, options, now });
    // The same days published again into a directory (in order, not newest first: the same files).
    await runDailyJob(
      { db: t.db, root: path.join(dataDir, "compare"), options, now },
      { from: "2026-11-15", to: DAY },
    );
    app = testApp(t.db, { config, publishDir: dirRoot, pageCache: false });
  }, 240_000);
  afterAll(async () => {
    await app?.close();
    await platform?.sandbox.close();
    await s3?.stop();
    await rm(dataDir, { recursive: true, force: true });
    await t?.drop();
  });

  it("holds the same files, byte for byte, as the daily job writes to a directory", async () => {
    const inDirectory = await treeDigest(path.join(dataDir, "compare"));
    const inBucket = new Map<string, string>();
    for (const { key } of await bucket.list("")) {
      const bytes = (await bucket.get(key))?.bytes ?? Buffer.alloc(0);
      inBucket.set(`/${key}`, createHash("sha256").update(bytes).digest("hex"));
    }
    expect(inDirectory.size).toBeGreaterThan(50);
    expect(new Map([...inBucket].sort())).toEqual(new Map([...inDirectory].sort()));
    // Nothing of them went to PUBLISH_DIR.
    expect(existsSync(dirRoot)).toBe(false);
  });

  it("passes npm run check:published read from the bucket: every file of its family, with its variants", async () => {
    const { checked, problems, manifest } = await checkPublishedFiles(bucket);
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(20);
    expect(manifest?.latest).toBe(DAY);
  });

  it("writes each manifest after every file of the days it lists, each file after its variants", async () => {
    const keys = puts.map((p) => p.key);
    const inBucket = (await bucket.list("stats/")).map((o) => o.key);
    let manifests = 0;
    for (const [at, { key, bytes }] of puts.entries()) {
      if (key !== "stats/manifest.json") continue;
      manifests++;
      for (const day of manifestSchema.parse(JSON.parse(bytes.toString())).days) {
        const files = inBucket.filter((k) => k.startsWith(`stats/${day}/`));
        expect(files.length, day).toBeGreaterThan(10);
        for (const file of files) expect(keys.indexOf(file), file).toBeLessThan(at);
      }
    }
    expect(manifests).toBeGreaterThan(0);
    for (const key of keys.filter((k) => k.endsWith(".json"))) {
      expect(keys.indexOf(`${key}.br`), key).toBeLessThan(keys.indexOf(key));
      expect(keys.indexOf(`${key}.gz`), key).toBeLessThan(keys.indexOf(key));
    }
  });

  it("serves a file from the bucket: its br or gzip variant, its ETag, 304, its cache", async () => {
    const url = `/stats/${DAY}/most-popular.json`;
    const json = (await bucket.get(url.slice(1)))?.bytes as Buffer;
    const br = await app.inject({ url, headers: { "accept-encoding": "gzip, br" } });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload)).toEqual(json);
    expect(br.headers.etag).toBe(etagOf(br.rawPayload));
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    const gz = await app.inject({ url, headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload)).toEqual(json);
    const plain = await app.inject({ url });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(plain.rawPayload).toEqual(json);
    expect(plain.headers.etag).toBe(etagOf(json));
    expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const again = await app.inject({
      url,
      headers: { "accept-encoding": "br", "if-none-match": br.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const manifest = await app.inject({ url: FIXED_PATHS.manifest });
    expect(manifest.headers["cache-control"]).toBe("public, max-age=300");
    expect(manifestSchema.parse(manifest.json()).latest).toBe(DAY);
    for (const missing of [`/stats/${DAY}/nothing.json`, `${url}.br`, "/stats/%2e%2e/x.json"]) {
      expect((await app.inject({ url: missing })).statusCode, missing).toBe(404);
    }
  });

  it("reads a published file from the bucket for the pages, and a replaced one afresh", async () => {
    const first = await readPublishedJson(bucket, FIXED_PATHS.manifest, manifestSchema);
    expect(first?.latest).toBe(DAY);
    expect(await readPublishedJson(bucket, FIXED_PATHS.manifest, manifestSchema)).toBe(first);
    await publishJson(bucket, FIXED_PATHS.manifest, { ...first, days: [DAY] });
    expect((await readPublishedJson(bucket, FIXED_PATHS.manifest, manifestSchema))?.days).toEqual([DAY]);
    const served = await app.inject({ url: FIXED_PATHS.manifest });
    expect(served.json().days).toEqual([DAY]);
  });

  it("redirects the files to a CDN where PUBLISHED_BASE_URL is set", async () => {
    const cdn = testApp(t.db, {
      config: { ...config, PUBLISHED_BASE_URL: "https://cdn.example/public" },
      publishDir: dirRoot,
      pageCache: false,
    });
    try {
      const url = `/stats/${DAY}/most-popular.json`;
      const answer = await cdn.inject({ url });
      expect(answer.statusCode).toBe(302);
      expect(answer.headers.location).toBe(`https://cdn.example/public${url}`);
      expect((await cdn.inject({ url: "/stats/x.txt" })).statusCode).toBe(404);
      // The CDN serves the bucket's objects with the type and caching the site itself would send.
      const { bucket: name, endpoint, region, accessKeyId, secretAccessKey } = s3.location;
      const client = new S3Client({
        region,
        endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId, secretAccessKey },
      });
      const head = await client.send(
        new HeadObjectCommand({ Bucket: name, Key: `site/public/stats/${DAY}/most-popular.json` }),
      );
      client.destroy();
      expect(head.ContentType).toBe("application/json; charset=utf-8");
      // The day is long settled when this runs: a year, as the site's own answer says.
      expect(head.CacheControl).toBe("public, max-age=31536000, immutable");
      expect(head.CacheControl).toBe(cacheControlFor(url));
    } finally {
      await cdn.close();
    }
  });
});
