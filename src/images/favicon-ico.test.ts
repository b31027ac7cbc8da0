import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { FAVICON_SIZES, faviconIco } from "./favicon-ico.ts";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe("/favicon.ico's image", () => {
  it("is an ICO of the icon at 16, 32 and 48 px, each a PNG of its size", async () => {
    const ico = await faviconIco();
    expect(ico.readUInt16LE(0)).toBe(0);
    expect(ico.readUInt16LE(2)).toBe(1);
    expect(ico.readUInt16LE(4)).toBe(FAVICON_SIZES.length);
    for (const [i, size] of FAVICON_SIZES.entries()) {
      const entry = 6 + 16 * i;
      expect(ico.readUInt8(entry)).toBe(size);
      expect(ico.readUInt8(entry + 1)).toBe(size);
      const length = ico.readUInt32LE(entry + 8);
      const offset = ico.readUInt32LE(entry + 12);
      const png = ico.subarray(offset, offset + length);
      expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
      const meta = await sharp(png).metadata();
      expect([meta.width, meta.height]).toEqual([size, size]);
    }
    const last = 6 + 16 * (FAVICON_SIZES.length - 1);
    expect(ico.readUInt32LE(last + 12) + ico.readUInt32LE(last + 8)).toBe(ico.length);
  });

  it("draws the brand's square: left of the bars, the brand colour", async () => {
    const ico = await faviconIco();
    const entry = 6 + 16; // the 32 px image
    const offset = ico.readUInt32LE(entry + 12);
    const png = ico.subarray(offset, offset + ico.readUInt32LE(entry + 8));
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const at = (16 * info.width + 3) * info.channels; // halfway down, before the first bar
    expect([...data.subarray(at, at + 4)]).toEqual([0xb4, 0x23, 0x5a, 255]);
  });
});
