import { mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/database.ts";
import { setListImage } from "../db/queries/list-image.ts";
import { createList, deleteList } from "../db/queries/lists.ts";
import {
  listImagesDir,
  pruneListImages,
  readListImage,
  storeListImage,
  UNUSED_IMAGE_KEPT_MS,
} from "./image-store.ts";

const hashOf = (c: string) => c.repeat(64);

/**
 * The stored list images (decision 0020): one file per hash, written whole, and the hourly cleanup
 * (src/start/account-cleanup.ts) that takes only the files no list uses and that are a day old.
 */
describe("list image files", () => {
  let t: TestDatabase;
  let dir: string;
  let userId: string;

  beforeAll(async () => {
    t = await createTestDatabase();
    dir = listImagesDir(await mkdtemp(path.join(tmpdir(), "image-store-")));
    const user = await t.db
      .insertInto("users")
      .values({ email: "ann@example.com" })
      .returning("id")
      .executeTakeFirstOrThrow();
    userId = user.id;
  });
  afterAll(async () => {
    await t?.drop();
    if (dir) await rm(path.dirname(path.dirname(dir)), { recursive: true, force: true });
  });

  const age = async (name: string, ms: number) => {
    const when = new Date(Date.now() - ms);
    await utimes(path.join(dir, name), when, when);
  };
  const list = async (listId: string) => {
    expect(
      await createList(t.db, userId, { listId, name: listId, description: "", isPublic: false }, 100),
    ).toBe("ok");
  };

  it("stores an image once under its hash and reads it back only by such a name", async () => {
    const image = { hash: hashOf("a"), webp: Buffer.from("RIFF....WEBP") };
    expect(await storeListImage(dir, image)).toBe(`/images/lists/${hashOf("a")}.webp`);
    expect(await storeListImage(dir, image)).toBe(`/images/lists/${hashOf("a")}.webp`);
    expect(await readdir(dir)).toEqual([`${hashOf("a")}.webp`]);
    expect(await readListImage(dir, `${hashOf("a")}.webp`)).toEqual(image.webp);
    expect(await readListImage(dir, `${hashOf("b")}.webp`)).toBeNull();
    expect(await readListImage(dir, "../../etc/passwd")).toBeNull();
    await expect(storeListImage(dir, { hash: "../x", webp: image.webp })).rejects.toThrow(
      /not an image hash/,
    );
  });

  it("deletes the day-old files no list uses, and leftovers of interrupted uploads", async () => {
    const DAY = UNUSED_IMAGE_KEPT_MS;
    for (const c of ["b", "c", "d", "e", "f"])
      await storeListImage(dir, { hash: hashOf(c), webp: Buffer.from(c) });
    await list("listwithimgB");
    await list("listwithimgC");
    await list("listdeleted1");
    // b: in use; c: in use by one list after another dropped it; d: its list deleted; e: unused
    // but fresh; f: unused and old; a (from above): unused and old.
    await setListImage(t.db, userId, "listwithimgB", `/images/lists/${hashOf("b")}.webp`);
    await setListImage(t.db, userId, "listwithimgC", `/images/lists/${hashOf("c")}.webp`);
    await setListImage(t.db, userId, "listdeleted1", `/images/lists/${hashOf("d")}.webp`);
    await deleteList(t.db, userId, "listdeleted1");
    await writeFile(path.join(dir, ".upload-0123456789abcdef"), "half");
    await writeFile(path.join(dir, "notes.txt"), "not ours to delete");
    for (const name of await readdir(dir)) await age(name, 2 * DAY);
    await age(`${hashOf("e")}.webp`, DAY / 2);

    expect(await pruneListImages(t.db, dir, new Date(Date.now() - DAY))).toBe(4);
    expect((await readdir(dir)).sort()).toEqual(
      [`${hashOf("b")}.webp`, `${hashOf("c")}.webp`, `${hashOf("e")}.webp`, "notes.txt"].sort(),
    );
    // Storing a picture again renews it, so an old unused file a list is just being set to stays.
    await storeListImage(dir, { hash: hashOf("e"), webp: Buffer.from("e") });
    expect(await pruneListImages(t.db, dir, new Date(Date.now() - DAY / 4))).toBe(0);
  });

  it("has nothing to do before the first upload", async () => {
    expect(await pruneListImages(t.db, path.join(dir, "missing"), new Date())).toBe(0);
  });
});
