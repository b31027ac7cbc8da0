import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { directoryStorage } from "../../src/storage/directory-storage.ts";
import { s3Storage } from "../../src/storage/s3-storage.ts";
import { etagOf, type Storage } from "../../src/storage/storage.ts";
import { startS3Server } from "../helpers/s3-server.ts";

/**
 * The same assertions against both stores (decision 0045): what the site relies on of a store holds
 * for the directory and for an S3-compatible bucket (s3rver, started here on a free port).
 */
const stores: {
  name: string;
  /**
   * Whether the server under test replaces an object in one step. S3 itself does (a PUT is seen
   * whole or not at all, and s3Storage makes one PUT per object); s3rver, the stand-in, writes its
   * file in place, so a read racing a put can see part of it there: that case is shown on the
   * directory only.
   */
  replacesAtomically: boolean;
  open: () => Promise<{ store: Storage; close: () => Promise<void> }>;
}[] = [
  {
    name: "directory",
    replacesAtomically: true,
    open: async () => {
      const dir = await mkdtemp(path.join(tmpdir(), "storage-contract-"));
      return { store: directoryStorage(dir), close: () => rm(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: "s3",
    replacesAtomically: false,
    open: async () => {
      const server = await startS3Server();
      return { store: s3Storage({ ...server.location, prefix: "site/" }), close: server.stop };
    },
  },
];

for (const { name, open, replacesAtomically } of stores) {
  describe(`the ${name} store`, () => {
    let store: Storage;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ store, close } = await open());
    });
    afterAll(() => close());

    it("holds nothing when new", async () => {
      expect(await store.holds("")).toBe(false);
    });

    it("puts, gets, replaces and deletes an object", async () => {
      expect(await store.get("a/one.json")).toBeNull();
      expect(await store.head("a/one.json")).toBeNull();
      await store.put("a/one.json", Buffer.from('{"n":1}'), { contentType: "application/json" });
      const got = await store.get("a/one.json");
      expect(got?.bytes.toString()).toBe('{"n":1}');
      expect(got?.size).toBe(7);
      expect(got?.modifiedMs).toBeGreaterThan(Date.now() - 600_000);
      await store.put("a/one.json", Buffer.from('{"n":22}'));
      expect((await store.get("a/one.json"))?.bytes.toString()).toBe('{"n":22}');
      expect((await store.head("a/one.json"))?.size).toBe(8);
      await store.delete("a/one.json");
      await store.delete("a/one.json");
      expect(await store.get("a/one.json")).toBeNull();
    });

    it("gives the same ETag for the same bytes, another for others, in every store alike", async () => {
      const bytes = Buffer.from("the same bytes");
      await store.put("e/x.bin", bytes);
      const first = await store.head("e/x.bin");
      await store.put("e/x.bin", bytes);
      const second = await store.head("e/x.bin");
      expect(first?.etag).toBe(etagOf(bytes));
      expect(second?.etag).toBe(first?.etag);
      expect((await store.get("e/x.bin"))?.etag).toBe(etagOf(bytes));
      await store.put("e/x.bin", Buffer.from("other bytes"));
      expect((await store.head("e/x.bin"))?.etag).not.toBe(first?.etag);
    });

    it("stamps an object with a version that moves when its bytes do, null when it is gone", async () => {
      expect(await store.stamp("v/x.json")).toBeNull();
      await store.put("v/x.json", Buffer.from("[1]"));
      const first = await store.stamp("v/x.json");
      expect(first?.modifiedMs).toBeGreaterThan(Date.now() - 600_000);
      expect((await store.stamp("v/x.json"))?.version).toBe(first?.version);
      // Another length, so that the directory's stamp (time and size) moves within one millisecond too.
      await store.put("v/x.json", Buffer.from("[1,2]"));
      expect((await store.stamp("v/x.json"))?.version).not.toBe(first?.version);
      await store.delete("v/x.json");
      expect(await store.stamp("v/x.json")).toBeNull();
    });

    it("lists by prefix, sorted, at any depth", async () => {
      for (const key of ["l/b/2.json", "l/a.json", "l/b/1.json", "l/bb.json", "m/c.json"]) {
        await store.put(key, Buffer.from(key));
      }
      expect((await store.list("l/")).map((o) => o.key)).toEqual([
        "l/a.json",
        "l/b/1.json",
        "l/b/2.json",
        "l/bb.json",
      ]);
      expect((await store.list("l/b/")).map((o) => o.key)).toEqual(["l/b/1.json", "l/b/2.json"]);
      expect((await store.list("l/b")).map((o) => o.key)).toEqual(["l/b/1.json", "l/b/2.json", "l/bb.json"]);
      expect((await store.list("l/b/1.json"))[0]?.size).toBe("l/b/1.json".length);
      expect(await store.list("nothing/")).toEqual([]);
    });

    it("says whether it holds an object by prefix, as list would find one", async () => {
      // The keys of the listing test above.
      for (const prefix of ["", "l/", "l/b", "l/b/", "l/b/1.json", "l/bb", "m/"]) {
        expect(await store.holds(prefix), prefix).toBe(true);
      }
      for (const prefix of ["nothing/", "l/c", "l/b/3", "m/c.json/", "n"]) {
        expect(await store.holds(prefix), prefix).toBe(false);
      }
    });

    it("lists past a page of 1,000 keys, each once", async () => {
      const keys = Array.from({ length: 1_005 }, (_, i) => `p/${String(i).padStart(4, "0")}.json`);
      for (let i = 0; i < keys.length; i += 50) {
        await Promise.all(keys.slice(i, i + 50).map((key) => store.put(key, Buffer.from("1"))));
      }
      expect((await store.list("p/")).map((o) => o.key)).toEqual(keys);
    }, 60_000);

    it("sweeps no finished object away", async () => {
      await store.put("s/kept.json", Buffer.from("{}"));
      expect(await store.sweepUnfinished(new Date(Date.now() + 60_000))).toBe(0);
      expect((await store.get("s/kept.json"))?.bytes.toString()).toBe("{}");
    });

    it("refuses a key that climbs out, is hidden or is empty", async () => {
      for (const key of ["../x", "a/../../x", "/abs", "a//b", ".hidden", "a/.tmp", "", "a/"]) {
        await expect(store.put(key, Buffer.from("x"))).rejects.toThrow("not a storage key");
        await expect(store.get(key)).rejects.toThrow("not a storage key");
      }
    });

    it.runIf(replacesAtomically)(
      "shows a reader the old object or the new one whole, never a part, under concurrent puts",
      async () => {
        const big = (fill: string) => Buffer.alloc(2_000_000, fill);
        const versions = [big("a"), big("b"), big("c")];
        await store.put("w/big.bin", versions[0] as Buffer);
        const seen: string[] = [];
        const reads = (async () => {
          for (let i = 0; i < 15; i++) {
            const got = await store.get("w/big.bin");
            if (got === null) throw new Error("the object vanished while it was replaced");
            const first = String.fromCharCode(got.bytes[0] as number);
            // Whole: the length and every byte of one version.
            expect(got.bytes.equals(big(first))).toBe(true);
            seen.push(first);
          }
        })();
        await Promise.all([reads, ...versions.slice(1).map((v) => store.put("w/big.bin", v))]);
        expect(seen.length).toBe(15);
      },
    );
  });
}

describe("the directory store", () => {
  it("holds no object where only a put's unfinished file is", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "storage-holds-"));
    try {
      const store = directoryStorage(dir);
      await mkdir(path.join(dir, "a"), { recursive: true });
      await writeFile(path.join(dir, "a", ".x.json.0123456789ab.tmp"), "half");
      expect(await store.holds("")).toBe(false);
      expect(await store.holds("a/")).toBe(false);
      await store.put("a/x.json", Buffer.from("{}"));
      expect(await store.holds("a/")).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("sweeps the temporary files a crash left, once old, at any depth, and nothing else", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "storage-sweep-"));
    try {
      const store = directoryStorage(dir);
      await store.put("a/b/x.json", Buffer.from("{}"));
      const left = [
        path.join(dir, "a", "b", ".x.json.0123456789ab.tmp"),
        path.join(dir, ".upload-0123456789abcdef"),
        path.join(dir, "a", ".thumb-0123456789abcdef"),
      ];
      for (const file of left) await writeFile(file, "half");
      await writeFile(path.join(dir, ".keep"), "not a write of ours");
      const old = new Date(Date.now() - 3_600_000);
      for (const file of left) await utimes(file, old, old);
      await writeFile(path.join(dir, "a", ".y.json.ba9876543210.tmp"), "being written");
      expect(await store.sweepUnfinished(new Date(Date.now() - 60_000))).toBe(3);
      expect((await readdir(dir)).sort()).toEqual([".keep", "a"]);
      expect((await readdir(path.join(dir, "a"))).sort()).toEqual([".y.json.ba9876543210.tmp", "b"]);
      expect(await readdir(path.join(dir, "a", "b"))).toEqual(["x.json"]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("removes the folders a delete leaves empty, up to its root, and puts into them again", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "storage-folders-"));
    try {
      const store = directoryStorage(dir);
      await store.put("a/b/x.json", Buffer.from("{}"));
      await store.put("a/y.json", Buffer.from("{}"));
      await store.delete("a/b/x.json");
      expect(await readdir(dir)).toEqual(["a"]);
      expect(await readdir(path.join(dir, "a"))).toEqual(["y.json"]);
      await store.delete("a/y.json");
      expect(await readdir(dir)).toEqual([]);
      await store.put("a/b/x.json", Buffer.from("{}"));
      expect((await store.get("a/b/x.json"))?.bytes.toString()).toBe("{}");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("keeps the files at their paths, with no temporary file left", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "storage-layout-"));
    try {
      const store = directoryStorage(dir);
      await store.put("stats/day/x.json", Buffer.from("{}"));
      expect(await readdir(path.join(dir, "stats", "day"))).toEqual(["x.json"]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
