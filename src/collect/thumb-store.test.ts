import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { deleteThumb, readThumb, storeThumb, thumbsDir } from "./thumb-store.ts";

describe("the kept thumbnails' folder", () => {
  let dir: string;
  beforeEach(async () => {
    dir = thumbsDir(await mkdtemp(path.join(tmpdir(), "thumb-store-")));
  });
  afterEach(() => rm(path.dirname(dir), { recursive: true, force: true }));

  it("stores by username, replaces, reads and deletes; nothing left over", async () => {
    await storeThumb(dir, "anna.b-c_1", Buffer.from("one"));
    await storeThumb(dir, "anna.b-c_1", Buffer.from("two"));
    expect(String(await readThumb(dir, "anna.b-c_1"))).toBe("two");
    expect(await readdir(dir)).toEqual(["anna.b-c_1.jpg"]);
    await deleteThumb(dir, "anna.b-c_1");
    await deleteThumb(dir, "anna.b-c_1");
    expect(await readThumb(dir, "anna.b-c_1")).toBeNull();
  });

  it("reads nothing for a name that cannot be a username, and stores none under it", async () => {
    for (const name of ["../secret", ".hidden", "a/b", "Anna", ""]) {
      expect(await readThumb(dir, name)).toBeNull();
      await expect(storeThumb(dir, name, Buffer.from("x"))).rejects.toThrow("not a username");
    }
  });
});
