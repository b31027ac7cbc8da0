import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { photoWithExif, pngBomb, solidImage } from "../../tests/helpers/images.ts";
import { makeThumb, THUMB_HEIGHT, THUMB_WIDTH } from "./thumb-image.ts";

describe("makeThumb: an image host's answer made into the thumbnail we serve", () => {
  it("draws JPEG, PNG and WebP again as a 240×180 JPEG covering the box", async () => {
    for (const format of ["jpeg", "png", "webp"] as const) {
      const thumb = await makeThumb(await solidImage(360, 270, format));
      if (!thumb.ok) throw new Error(`${format} refused: ${thumb.refusal}`);
      expect(await sharp(thumb.jpeg).metadata()).toMatchObject({
        format: "jpeg",
        width: THUMB_WIDTH,
        height: THUMB_HEIGHT,
      });
      expect(thumb.hash).toMatch(/^[0-9a-f]{64}$/);
    }
    // Another shape is cut to the box, not stretched or letterboxed.
    const tall = await makeThumb(await solidImage(100, 400, "png"));
    expect(tall.ok && (await sharp(tall.jpeg).metadata()).width).toBe(THUMB_WIDTH);
  });

  it("keeps no metadata, and turns the picture upright first", async () => {
    const thumb = await makeThumb(await photoWithExif(400, 300, "taken at home"));
    if (!thumb.ok) throw new Error(thumb.refusal);
    const meta = await sharp(thumb.jpeg).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(thumb.jpeg.includes(Buffer.from("taken at home"))).toBe(false);
  });

  it("refuses what is not an image by its bytes, a decompression bomb, and a broken file", async () => {
    expect(await makeThumb(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toEqual({
      ok: false,
      refusal: "not-an-image",
    });
    expect(await makeThumb(Buffer.from("<html><body>hi</body></html>"))).toEqual({
      ok: false,
      refusal: "not-an-image",
    });
    expect(await makeThumb(await solidImage(10, 10, "gif"))).toEqual({ ok: false, refusal: "not-an-image" });
    expect(await makeThumb(pngBomb(20_000, 20_000))).toEqual({ ok: false, refusal: "too-many-pixels" });
    const jpeg = await solidImage(360, 270, "jpeg");
    expect(await makeThumb(jpeg.subarray(0, 200))).toEqual({ ok: false, refusal: "unreadable" });
  });
});
