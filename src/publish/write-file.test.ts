import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { stableJson } from "./stable-json.ts";
import { publishJson, resolveUnder } from "./write-file.ts";

describe("stableJson", () => {
  it("sorts object keys at every depth and keeps array order", () => {
    expect(stableJson({ b: 1, a: { d: [3, 1], c: null } })).toBe('{"a":{"c":null,"d":[3,1]},"b":1}');
    expect(stableJson({ x: 1, y: undefined })).toBe('{"x":1}');
  });

  it("refuses numbers JSON cannot hold", () => {
    expect(() => stableJson({ n: Number.NaN })).toThrow(TypeError);
  });
});

describe("publishJson", () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), "publish-"));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it("writes the JSON with gzip and brotli variants of the same bytes", async () => {
    const file = await publishJson(root, "/stats/2026-11-20/most-popular.json", [{ u: "anna", max_u: 10 }]);
    expect(file).toMatchObject({ urlPath: "/stats/2026-11-20/most-popular.json", changed: true });
    const json = await readFile(path.join(root, "stats/2026-11-20/most-popular.json"));
    expect(json.toString()).toBe('[{"max_u":10,"u":"anna"}]');
    expect(gunzipSync(await readFile(`${path.join(root, "stats/2026-11-20/most-popular.json")}.gz`))).toEqual(
      json,
    );
    expect(
      brotliDecompressSync(await readFile(`${path.join(root, "stats/2026-11-20/most-popular.json")}.br`)),
    ).toEqual(json);
    expect(file.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(file.bytes).toBe(json.length);
  });

  it("gives byte-identical files for the same data, whatever the key order, and skips the rewrite", async () => {
    const first = await publishJson(root, "a/b.json", { z: 1, a: [1, 2] });
    const bytes = await Promise.all(
      [".json", ".json.gz", ".json.br"].map((s) => readFile(path.join(root, `a/b${s}`))),
    );
    const mtime = (await stat(path.join(root, "a/b.json"))).mtimeMs;
    await new Promise((r) => setTimeout(r, 20));
    const second = await publishJson(root, "a/b.json", { a: [1, 2], z: 1 });
    expect(second).toEqual({ ...first, changed: false });
    const again = await Promise.all(
      [".json", ".json.gz", ".json.br"].map((s) => readFile(path.join(root, `a/b${s}`))),
    );
    expect(again).toEqual(bytes);
    expect((await stat(path.join(root, "a/b.json"))).mtimeMs).toBe(mtime);
  });

  it("replaces a changed file and leaves no temp files", async () => {
    await publishJson(root, "x.json", { v: 1 });
    const changed = await publishJson(root, "x.json", { v: 2 });
    expect(changed.changed).toBe(true);
    expect((await readFile(path.join(root, "x.json"))).toString()).toBe('{"v":2}');
    expect((await readdir(root)).sort()).toEqual(["x.json", "x.json.br", "x.json.gz"]);
  });

  it("keeps every path inside the publish root (a climbing path is clamped to it)", async () => {
    expect(() => resolveUnder(root, "../escape.json")).not.toThrow();
    expect(resolveUnder(root, "../escape.json")).toBe(path.join(root, "escape.json"));
    await expect(publishJson(root, "/../../etc/x.json", {})).resolves.toMatchObject({
      urlPath: "/etc/x.json",
    });
    expect(await readdir(path.join(root, "etc"))).toContain("x.json");
  });
});
