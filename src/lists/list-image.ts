import {
  ACCEPTED_TYPES,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_PIXELS,
  type ImageRefusal,
  type ProcessedImage,
  processImage,
} from "../images/image-pipeline.ts";

export { ACCEPTED_TYPES, type ImageRefusal };

/** The largest upload a list image may be (decision 0020). */
export const LIST_IMAGE_MAX_BYTES = IMAGE_MAX_BYTES;
/** Pixels decoded at most (8000 × 5000): a small file that claims more is a decompression bomb. */
export const LIST_IMAGE_MAX_PIXELS = IMAGE_MAX_PIXELS;
/** The box a list image is shrunk to fit, the size of an Open Graph (link preview) image. */
export const LIST_IMAGE_WIDTH = 1200;
export const LIST_IMAGE_HEIGHT = 630;

export type ListImage = ProcessedImage;

/** An uploaded list image made safe to serve (the shared pipeline, src/images/image-pipeline.ts). */
export const processListImage = (input: Buffer): Promise<ListImage> =>
  processImage(input, { width: LIST_IMAGE_WIDTH, height: LIST_IMAGE_HEIGHT });
