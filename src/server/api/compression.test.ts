import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { NO_DATABASE, testApp } from "../../../tests/helpers/api.ts";
import { COMPRESS_FROM_BYTES } from "../accept-encoding.ts";

/** The API's dynamic answers: compressed when accepted and large enough, with a weak ETag and 304s. */
describe("the API's compression and validators", () => {
  const app = testApp(NO_DATABASE);
  afterAll(() => app.close());
  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: "GET", url, headers });

  it("sends br to a client that accepts it, gzip to one that accepts only gzip, and plain text otherwise", async () => {
    const plain = await get("/api/docs");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_FROM_BYTES);

    const br = await get("/api/docs", { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.payload);

    const gzip = await get("/api/docs", { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.payload);
  });

  it("leaves an answer under the threshold as it is", async () => {
    const small = await get("/api/geoip", { "accept-encoding": "br, gzip" });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_FROM_BYTES);
    expect(small.headers["content-encoding"]).toBeUndefined();
  });

  it("gives one weak ETag to every encoding of an answer, and a 304 to a client whose copy is current", async () => {
    const plain = await get("/api/docs");
    const br = await get("/api/docs", { "accept-encoding": "br" });
    const tag = plain.headers.etag;
    expect(tag).toMatch(/^W\/"[^"]+"$/);
    expect(br.headers.etag).toBe(tag);

    const current = await get("/api/docs", { "if-none-match": String(tag), "accept-encoding": "br" });
    expect(current.statusCode).toBe(304);
    expect(current.rawPayload.length).toBe(0);
    expect(current.headers.etag).toBe(tag);

    const listed = await get("/api/docs", { "if-none-match": `W/"older", ${String(tag).slice(2)}` });
    expect(listed.statusCode).toBe(304);

    const stale = await get("/api/docs", { "if-none-match": 'W/"something-else"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.payload).toBe(plain.payload);
  });

  it("keeps the API's error shape, uncompressed below the threshold, with no ETag to revalidate", async () => {
    const bad = await get("/api/streams", { "accept-encoding": "br" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { status: 400 } });
    expect(bad.headers.etag).toBeUndefined();
    const stillBad = await get("/api/streams", { "if-none-match": "*" });
    expect(stillBad.statusCode).toBe(400);
  });
});
