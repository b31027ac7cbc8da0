import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { DocumentCache } from "./document-cache.ts";

const spec = (ttlMs: number, entries: number, now: () => number) => ({
  name: "test-documents",
  key: "a name",
  bound: { entries },
  ttlMs,
  now,
});

describe("DocumentCache", () => {
  it("builds a document once while it is fresh, and again after its time", async () => {
    let now = 1_000;
    const cache = new DocumentCache(spec(300_000, 10, () => now));
    let builds = 0;
    const build = async () => `<doc n="${++builds}"/>`;
    const [a, b] = await Promise.all([cache.get("k", build), cache.get("k", build)]);
    expect(builds).toBe(1);
    expect(a?.body.toString()).toBe('<doc n="1"/>');
    expect(b).toBe(a);
    now += 299_999;
    expect((await cache.get("k", build))?.body.toString()).toBe('<doc n="1"/>');
    now += 1;
    expect((await cache.get("k", build))?.body.toString()).toBe('<doc n="2"/>');
  });

  it("keeps a missing document (null) but not a failed build", async () => {
    const cache = new DocumentCache(spec(60_000, 10, () => 0));
    let calls = 0;
    const build = (text: string | null) => async () => {
      calls++;
      return text;
    };
    expect(await cache.get("missing", build(null))).toBeNull();
    expect(await cache.get("missing", build("<x/>"))).toBeNull();
    expect(calls).toBe(1);
    await expect(cache.get("bad", async () => Promise.reject(new Error("db down")))).rejects.toThrow(
      "db down",
    );
    expect((await cache.get("bad", async () => "<ok/>"))?.body.toString()).toBe("<ok/>");
  });

  it("compresses each form once", async () => {
    const cache = new DocumentCache(spec(60_000, 10, () => 0));
    const doc = await cache.get("k", async () => "<a/>".repeat(100));
    const gz = await doc?.encoded("gzip");
    expect(doc?.encoded("gzip")).toBe(doc?.encoded("gzip"));
    expect(gunzipSync(gz as Buffer).toString()).toBe("<a/>".repeat(100));
  });
});
