import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp } from "../../../tests/helpers/api.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/database.ts";
import { confirmOptout, insertPerformer } from "../../../tests/helpers/fixtures.ts";
import { solidImage } from "../../../tests/helpers/images.ts";
import { storeThumb, thumbsDir } from "../../collect/thumb-store.ts";
import { loadConfig } from "../../config.ts";
import { profileThumbPath } from "../../site/urls/profile-thumb.ts";

describe("GET /profile/{username}-thumb.jpg (SPEC §7)", () => {
  let t: TestDatabase;
  let dataDir: string;
  let app: FastifyInstance;
  let jpeg: Buffer;

  beforeAll(async () => {
    t = await createTestDatabase();
    dataDir = await mkdtemp(path.join(tmpdir(), "profile-thumbs-"));
    jpeg = await solidImage(240, 180, "jpeg");
    for (const username of ["anna.b-c_1", "gone", "anna-thumb"]) {
      await insertPerformer(t.db, { username });
      await storeThumb(thumbsDir(dataDir), username, jpeg);
    }
    await confirmOptout(t.db, "gone");
    app = testApp(t.db, { config: loadConfig({ DATA_DIR: dataDir }), pageCache: false });
  });
  afterAll(async () => {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
    await t.drop();
  });

  it("serves the kept thumbnail as a JPEG, a day's cache, never sniffed", async () => {
    const response = await app.inject({ method: "GET", url: "/profile/anna.b-c_1-thumb.jpg" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/jpeg");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["cache-control"]).toBe("public, max-age=86400");
    expect(response.rawPayload.equals(jpeg)).toBe(true);
    // The page's link carries the file's hash; a name ending in -thumb is a name like any other.
    expect(profileThumbPath("anna.b-c_1", "0123456789abcdef")).toBe(
      "/profile/anna.b-c_1-thumb.jpg?v=0123456789ab",
    );
    expect((await app.inject({ url: profileThumbPath("anna.b-c_1", "0123456789abcdef") })).statusCode).toBe(
      200,
    );
    expect((await app.inject({ url: "/profile/anna-thumb-thumb.jpg" })).statusCode).toBe(200);
    expect((await app.inject({ method: "HEAD", url: "/profile/anna.b-c_1-thumb.jpg" })).statusCode).toBe(200);
  });

  it("is a 404 when none is kept, for an opted-out performer, and for a name that cannot be one", async () => {
    for (const url of [
      "/profile/nobody-thumb.jpg",
      "/profile/gone-thumb.jpg",
      "/profile/Anna.B-C_1-thumb.jpg",
      "/profile/..%2Fanna.b-c_1-thumb.jpg",
      "/profile/.hidden-thumb.jpg",
      "/profile/anna.b-c_1.jpg",
      "/profile/anna.b-c_1-thumb.png",
      "/profile/-thumb.jpg",
      "/profile/",
    ]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers["content-type"], url).not.toBe("image/jpeg");
    }
  });
});
