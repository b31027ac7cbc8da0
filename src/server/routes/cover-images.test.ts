import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp } from "../../../tests/helpers/api.ts";
import {
  type DailyViewerFixture,
  writeDailyViewerFixture,
} from "../../../tests/helpers/daily-viewer-files.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/database.ts";
import { confirmOptout, insertPerformer } from "../../../tests/helpers/fixtures.ts";
import { solidImage } from "../../../tests/helpers/images.ts";
import { storeThumb, thumbsDir } from "../../collect/thumb-store.ts";
import { loadConfig } from "../../config.ts";
import { COVER_HEIGHT, COVER_WIDTH } from "../../images/ranking-cover.ts";

/**
 * The ranking covers (SPEC §7 /images/top/{platform}_top_{name}.jpg; issue 30, point 8): drawn from
 * the kept thumbnail of the latest day's first performer in the list, the name's drawing where
 * none is kept. The fixture's latest day ranks p0_001 first of every gender, pasian_0_001 first
 * for #asian and platina_0_001 for #latina.
 */
describe("GET /images/top/{slug}_top_{name}.jpg", () => {
  let t: TestDatabase;
  let dataDir: string;
  let files: DailyViewerFixture;
  let app: FastifyInstance;

  /** The colour of the banner's right part, where the first performer's picture sits sharp. */
  async function photoColour(jpeg: Buffer): Promise<[number, number, number]> {
    const { data } = await sharp(jpeg)
      .extract({ left: COVER_WIDTH - 200, top: COVER_HEIGHT / 2 - 10, width: 20, height: 20 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const mean = (c: number) =>
      Math.round(data.filter((_, i) => i % 3 === c).reduce((a, b) => a + b, 0) / 400);
    return [mean(0), mean(1), mean(2)];
  }

  beforeAll(async () => {
    t = await createTestDatabase();
    dataDir = await mkdtemp(path.join(tmpdir(), "ranking-covers-"));
    files = await writeDailyViewerFixture({ abbr: "tc", online: [] });
    const red = await solidImage(240, 180, "jpeg", "#dc1e1e");
    const blue = await solidImage(240, 180, "jpeg", "#1e1edc");
    for (const username of ["pasian_0_001", "pasian_0_002", "p0_001"]) {
      await insertPerformer(t.db, { username });
    }
    await storeThumb(thumbsDir(dataDir), "pasian_0_001", red);
    await storeThumb(thumbsDir(dataDir), "pasian_0_002", blue);
    await storeThumb(thumbsDir(dataDir), "p0_001", blue);
    app = testApp(t.db, {
      config: loadConfig({ DATA_DIR: dataDir, PLATFORM_SLUG: "tc" }),
      publishDir: files.root,
      pageCache: false,
    });
  });
  afterAll(async () => {
    await app.close();
    await files.remove();
    await rm(dataDir, { recursive: true, force: true });
    await t.drop();
  });

  it("draws the list's first performer's kept thumbnail into a 1200 × 300 JPEG", async () => {
    const response = await app.inject({ url: "/images/top/tc_top_asian.jpg" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/jpeg");
    expect(response.headers["cache-control"]).toBe("public, max-age=3600");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    const meta = await sharp(response.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", COVER_WIDTH, COVER_HEIGHT]);
    const [r, g, b] = await photoColour(response.rawPayload);
    expect(r).toBeGreaterThan(180);
    expect(Math.max(g, b)).toBeLessThan(80);
    // A gender's cover reads the gender's own list.
    const all = await app.inject({ url: "/images/top/tc_top_all.jpg" });
    expect(all.headers["content-type"]).toBe("image/jpeg");
    const [r2, , b2] = await photoColour(all.rawPayload);
    expect(b2).toBeGreaterThan(180);
    expect(r2).toBeLessThan(80);
  });

  it("passes over a first performer who opted out, at once", async () => {
    await confirmOptout(t.db, "pasian_0_001");
    const response = await app.inject({ url: "/images/top/tc_top_asian.jpg" });
    expect(response.headers["content-type"]).toBe("image/jpeg");
    const [r, , b] = await photoColour(response.rawPayload);
    expect(b).toBeGreaterThan(180);
    expect(r).toBeLessThan(80);
  });

  it("draws the name alone where no thumbnail is kept near the top, or no list exists", async () => {
    for (const name of ["latina", "women", "nosuchlist"]) {
      const response = await app.inject({ url: `/images/top/tc_top_${name}.jpg` });
      expect(response.statusCode, name).toBe(200);
      expect(response.headers["content-type"], name).toBe("image/svg+xml; charset=utf-8");
      expect(response.body, name).toContain(name === "women" ? ">Female<" : `>#${name}<`);
    }
  });

  it("is a 404 for another platform's name or a name no list could have", async () => {
    for (const url of [
      "/images/top/xx_top_asian.jpg",
      "/images/top/tc_top_.jpg",
      "/images/top/tc_top_a%2Fb.jpg",
    ]) {
      expect((await app.inject({ url })).statusCode, url).toBe(404);
    }
  });
});
