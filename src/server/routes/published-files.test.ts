import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect } from "../../db/connect.ts";
import { cacheControlFor } from "../../publish/cache-control.ts";
import { publishBytes, publishJson } from "../../publish/write-file.ts";
import { buildApp } from "../app.ts";

const NOW = Date.parse("2026-11-21T12:00:00Z");

describe("cacheControlFor", () => {
  it("caches past ranking days for a year, the latest days and everything else for five minutes", () => {
    expect(cacheControlFor("/stats/2026-11-10/most-popular.json", NOW)).toBe(
      "public, max-age=31536000, immutable",
    );
    expect(cacheControlFor("/stats/2026-11-20/most-popular.json", NOW)).toBe("public, max-age=300");
    expect(cacheControlFor("/stats/30days/most-popular.json", NOW)).toBe("public, max-age=300");
    expect(cacheControlFor("/api/active_user_count.json", NOW)).toBe("public, max-age=300");
    expect(cacheControlFor("/api/tags/additional_tags.json", NOW)).toBe("public, max-age=30");
    expect(cacheControlFor("/data/2026-11-10/viewers.csv", NOW)).toBe("public, max-age=31536000, immutable");
    expect(cacheControlFor("/data/2026-11-20/viewers.csv", NOW)).toBe("public, max-age=300");
  });
});

describe("serving the published files", () => {
  let root: string;
  let app: FastifyInstance;
  // The health route needs a database; these tests never reach it except to prove it still routes.
  const db = connect("postgres://postgres:postgres@127.0.0.1:1/none", { max: 1 });
  const ranking = [{ u: "anna", max_u: 1532, num_f: 88211, fg: 120, t: ["latina"], hasThumb: true }];
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "served-"));
    await publishJson(root, "/stats/2020-01-01/most-popular.json", ranking);
    await publishJson(root, "/api/active_user_count.json", { rooms: 1200 });
    await publishBytes(root, "/data/2020-01-01/viewers.csv", Buffer.from("list,rank\r\nall,1\r\n"));
    await publishBytes(root, "/data/README.md", Buffer.from("# Open data\n"));
    app = buildApp({ db: db.db, publishDir: root });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.close();
    await rm(root, { recursive: true, force: true });
  });

  it("sends the brotli or gzip variant as the client accepts, else the JSON itself", async () => {
    const json = await readFile(path.join(root, "stats/2020-01-01/most-popular.json"));
    const url = "/stats/2020-01-01/most-popular.json";
    const br = await app.inject({ url, headers: { "accept-encoding": "br, gzip" } });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload)).toEqual(json);
    const gz = await app.inject({ url, headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload)).toEqual(json);
    const plain = await app.inject({ url });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.json()).toEqual(ranking);
    expect(plain.headers["content-type"]).toContain("application/json");
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
  });

  it("answers 304 to a matching If-None-Match, with cache headers by path", async () => {
    const url = "/stats/2020-01-01/most-popular.json";
    const first = await app.inject({ url });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect(first.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const again = await app.inject({ url, headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    const api = await app.inject({
      url: "/api/active_user_count.json",
      headers: { "accept-encoding": "br" },
    });
    expect(api.statusCode).toBe(200);
    expect(api.headers["cache-control"]).toBe("public, max-age=300");
  });

  it("serves the open data: a day's CSV and the README of its columns", async () => {
    const csv = await app.inject({ url: "/data/2020-01-01/viewers.csv" });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.body).toBe("list,rank\r\nall,1\r\n");
    expect(csv.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const gz = await app.inject({
      url: "/data/2020-01-01/viewers.csv",
      headers: { "accept-encoding": "gzip" },
    });
    expect(gunzipSync(gz.rawPayload).toString()).toBe("list,rank\r\nall,1\r\n");
    const readme = await app.inject({ url: "/data/README.md" });
    expect(readme.statusCode).toBe(200);
    expect(readme.headers["content-type"]).toBe("text/markdown; charset=utf-8");
    for (const url of [
      "/data/2020-01-01/viewers.csv.gz",
      "/data/2020-01-01/",
      "/data/%2e%2e/%2e%2e/etc/passwd",
    ]) {
      expect([403, 404]).toContain((await app.inject({ url })).statusCode);
    }
  });

  it("answers 304 to an If-Modified-Since not before the file, unless an If-None-Match differs", async () => {
    const url = "/data/2020-01-01/viewers.csv";
    const first = await app.inject({ url });
    const lastModified = first.headers["last-modified"] as string;
    expect(Date.parse(lastModified)).toBeGreaterThan(0);
    expect((await app.inject({ url, headers: { "if-modified-since": lastModified } })).statusCode).toBe(304);
    const later = new Date(Date.parse(lastModified) + 60_000).toUTCString();
    expect((await app.inject({ url, headers: { "if-modified-since": later } })).statusCode).toBe(304);
    const earlier = new Date(Date.parse(lastModified) - 1000).toUTCString();
    const changed = await app.inject({ url, headers: { "if-modified-since": earlier } });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toBe("list,rank\r\nall,1\r\n");
    // An ETag sent decides alone (RFC 9110): a stale one gets the file though the date is current.
    const stale = await app.inject({
      url,
      headers: { "if-modified-since": lastModified, "if-none-match": '"not-this-one"' },
    });
    expect(stale.statusCode).toBe(200);
    expect((await app.inject({ url, headers: { "if-modified-since": "not a date" } })).statusCode).toBe(200);
  });

  it("sends a byte range of the file, 416 past its end, and the whole when If-Range is stale", async () => {
    const url = "/data/2020-01-01/viewers.csv";
    const whole = "list,rank\r\nall,1\r\n";
    const first = await app.inject({ url });
    expect(first.headers["accept-ranges"]).toBe("bytes");
    const part = await app.inject({ url, headers: { range: "bytes=0-3" } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe("list");
    expect(part.headers["content-range"]).toBe(`bytes 0-3/${whole.length}`);
    expect(part.headers["content-length"]).toBe("4");
    const tail = await app.inject({ url, headers: { range: "bytes=-3" } });
    expect(tail.statusCode).toBe(206);
    expect(tail.body).toBe("1\r\n");
    const rest = await app.inject({ url, headers: { range: "bytes=11-" } });
    expect(rest.body).toBe(whole.slice(11));
    const past = await app.inject({ url, headers: { range: `bytes=${whole.length}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers["content-range"]).toBe(`bytes */${whole.length}`);
    // Several ranges, another unit or nonsense: the whole file, as RFC 9110 allows.
    for (const range of ["bytes=0-1,4-5", "items=0-1", "bytes=5-2", "bytes=-", "bytes=x-y"]) {
      const answer = await app.inject({ url, headers: { range } });
      expect(answer.statusCode, range).toBe(200);
      expect(answer.body).toBe(whole);
    }
    const current = await app.inject({
      url,
      headers: { range: "bytes=0-3", "if-range": first.headers.etag as string },
    });
    expect(current.statusCode).toBe(206);
    const stale = await app.inject({ url, headers: { range: "bytes=0-3", "if-range": '"old"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(whole);
  });

  it("answers 404 for files that are not published, non-JSON paths and climbing paths", async () => {
    for (const url of [
      "/stats/2020-01-02/most-popular.json",
      "/stats/2020-01-01/most-popular.json.gz",
      "/stats/2020-01-01/",
      "/stats/../../etc/passwd",
      "/api/%2e%2e/%2e%2e/etc/passwd",
    ]) {
      const response = await app.inject({ url });
      expect([403, 404]).toContain(response.statusCode);
    }
  });

  it("leaves the dynamic /api routes to their handlers", async () => {
    const health = await app.inject({ url: "/api/health" });
    expect(health.statusCode).toBe(503);
    expect(health.json().database.reachable).toBe(false);
  });
});
