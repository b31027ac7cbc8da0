import { createHash, randomBytes } from "node:crypto";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { photoWithExif, pngBomb, solidImage } from "../../tests/helpers/images.ts";
import { LIST_IMAGE_HEIGHT, LIST_IMAGE_MAX_BYTES, LIST_IMAGE_WIDTH, processListImage } from "./list-image.ts";

/** A list image (decision 0020): judged by its bytes, bounded in pixels, drawn again as plain WebP. */
describe("processListImage", () => {
  it("draws a PNG, a JPEG, a WebP and a GIF again as WebP, named by the output's hash", async () => {
    for (const format of ["png", "jpeg", "webp", "gif"] as const) {
      const result = await processListImage(await solidImage(400, 300, format));
      if (!result.ok) throw new Error(`${format} refused: ${result.refusal}`);
      expect(await fileTypeFromBuffer(result.webp)).toEqual({ ext: "webp", mime: "image/webp" });
      expect(result.hash).toBe(createHash("sha256").update(result.webp).digest("hex"));
      const out = await sharp(result.webp).metadata();
      expect([out.width, out.height]).toEqual([400, 300]);
    }
  });

  it("turns a photo upright from its EXIF, then keeps none of its metadata", async () => {
    const photo = await photoWithExif(300, 200, "secret-camera-comment");
    expect((await sharp(photo).metadata()).orientation).toBe(6);
    const result = await processListImage(photo);
    if (!result.ok) throw new Error(result.refusal);
    const out = await sharp(result.webp).metadata();
    expect([out.width, out.height]).toEqual([200, 300]);
    expect(out.exif).toBeUndefined();
    expect(out.icc).toBeUndefined();
    expect(out.xmp).toBeUndefined();
    expect(out.orientation).toBeUndefined();
    expect(result.webp.includes("secret-camera-comment")).toBe(false);
  });

  it("shrinks a large image to fit the Open Graph box and never enlarges a small one", async () => {
    const wide = await processListImage(await solidImage(4000, 1000, "png"));
    const tall = await processListImage(await solidImage(1000, 4000, "jpeg"));
    const small = await processListImage(await solidImage(120, 80, "png"));
    const size = async (r: typeof wide) => {
      if (!r.ok) throw new Error(r.refusal);
      const m = await sharp(r.webp).metadata();
      return [m.width, m.height];
    };
    expect(await size(wide)).toEqual([LIST_IMAGE_WIDTH, 300]);
    expect(await size(tall)).toEqual([158, LIST_IMAGE_HEIGHT]);
    expect(await size(small)).toEqual([120, 80]);
  });

  it("makes the same bytes of the same picture, so it is stored once", async () => {
    const png = await solidImage(640, 480, "png");
    const [a, b] = await Promise.all([processListImage(png), processListImage(Buffer.from(png))]);
    expect(a.ok && b.ok && a.hash === b.hash).toBe(true);
  });

  it("refuses what is not a PNG, JPEG, WebP or GIF by its bytes, whatever it is called", async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const html = Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>");
    const tiff = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
      .tiff()
      .toBuffer();
    for (const bytes of [svg, html, Buffer.from("just some text"), randomBytes(2048), tiff, Buffer.alloc(0)])
      expect(await processListImage(bytes)).toEqual({ ok: false, refusal: "not-an-image" });
  });

  it("refuses a decompression bomb from its header, before decoding it", async () => {
    const bomb = pngBomb(20_000, 20_000);
    expect(bomb.length).toBeLessThan(100_000);
    expect(await processListImage(bomb)).toEqual({ ok: false, refusal: "too-many-pixels" });
  });

  it("refuses a damaged image and one over 5 MB", async () => {
    const png = await solidImage(400, 300, "png");
    expect(await processListImage(png.subarray(0, 60))).toEqual({ ok: false, refusal: "unreadable" });
    expect(await processListImage(Buffer.alloc(LIST_IMAGE_MAX_BYTES + 1))).toEqual({
      ok: false,
      refusal: "too-large",
    });
  });
});
