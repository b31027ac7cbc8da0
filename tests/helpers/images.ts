import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";

/** A one-colour picture of the given size in a format sharp writes. */
export const solidImage = (
  width: number,
  height: number,
  format: "png" | "jpeg" | "webp" | "gif",
  background = "#3366cc",
) =>
  sharp({ create: { width, height, channels: 3, background } })
    .toFormat(format)
    .toBuffer();

/**
 * A JPEG that says, in its EXIF, to be turned a quarter (orientation 6) and carries a comment:
 * what a phone's photo carries, and what a stored list image must not.
 */
export const photoWithExif = (width: number, height: number, comment: string) =>
  sharp({ create: { width, height, channels: 3, background: "#cc3333" } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { ImageDescription: comment } })
    .toBuffer();

const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/**
 * A decompression bomb: a valid one-bit PNG of width × height black pixels (20000 × 20000 is 400
 * million pixels in about 50 KB), written by hand because drawing it with sharp takes seconds.
 */
export function pngBomb(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  // Each row: a filter byte and its packed bits, all zero.
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** One part of a multipart form: a file (with a name and type) or a plain field. */
export interface FormPart {
  field: string;
  data: Buffer | string;
  filename?: string;
  type?: string;
}

/** A multipart/form-data body, and its content type, as a browser's FormData sends it. */
export async function multipartForm(parts: readonly FormPart[]): Promise<{ payload: Buffer; type: string }> {
  const data = new FormData();
  for (const part of parts) {
    if (part.filename === undefined) data.append(part.field, String(part.data));
    else data.append(part.field, new Blob([part.data], { type: part.type ?? "" }), part.filename);
  }
  const encoded = new Response(data);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    type: encoded.headers.get("content-type") as string,
  };
}
