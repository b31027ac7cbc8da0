import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  ACCEPTED_TYPES,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_PIXELS,
  type ImageRefusal,
} from "../../images/image-pipeline.ts";
import { ApiError } from "./api-error.ts";

/** The form field an uploaded image comes in (list, profile and banner images). */
export const IMAGE_FIELD = "image";

export const IMAGE_EXPECTED = `Send one image file as multipart/form-data, in the field "${IMAGE_FIELD}".`;
export const IMAGE_TOO_LARGE = `The image is larger than ${IMAGE_MAX_BYTES / 1024 / 1024} MB.`;
export const IMAGE_NOT_ACCEPTED = `Only ${ACCEPTED_TYPES} images are accepted (judged by the file's content, not its name).`;
export const IMAGE_TOO_MANY_PIXELS = `The image has more than ${IMAGE_MAX_PIXELS / 1_000_000} million pixels; send a smaller one.`;
export const IMAGE_UNREADABLE = "The image could not be read; it may be damaged.";

/**
 * A decompression bomb and a damaged file are well-formed requests whose content we cannot use:
 * 422, not 413, which is for too many bytes.
 */
export const TOO_MANY_PIXELS_STATUS = 422;

/** Each refusal of the image pipeline (src/images/image-pipeline.ts) as the API answers it. */
export const IMAGE_REFUSALS: Record<ImageRefusal, ApiError> = {
  "too-large": new ApiError(413, "image_too_large", IMAGE_TOO_LARGE),
  "not-an-image": new ApiError(415, "unsupported_image", IMAGE_NOT_ACCEPTED),
  "too-many-pixels": new ApiError(TOO_MANY_PIXELS_STATUS, "image_too_many_pixels", IMAGE_TOO_MANY_PIXELS),
  unreadable: new ApiError(422, "image_unreadable", IMAGE_UNREADABLE),
};

/** The multipart framing around a 5 MB file is far less than this: more is refused unread. */
const MAX_REQUEST_BYTES = IMAGE_MAX_BYTES + 64 * 1024;

/**
 * Multipart for the routes registered in `scope` only (every other call's body stays JSON): one
 * file of at most 5 MB and nothing else worth reading.
 */
export async function registerImageMultipart(scope: FastifyInstance): Promise<void> {
  await scope.register(fastifyMultipart, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 1, parts: 2 },
  });
}

/**
 * The request's one part, a file in the `image` field, in memory (at most 5 MB: the multipart
 * limit stops keeping bytes past it). Any other part is read to its end and dropped, so that the
 * form is consumed whatever it holds, and makes the request a 400.
 */
export async function readImagePart(request: FastifyRequest): Promise<Buffer> {
  if (Number(request.headers["content-length"] ?? 0) > MAX_REQUEST_BYTES) throw IMAGE_REFUSALS["too-large"];
  if (!request.isMultipart()) throw new ApiError(400, "image_expected", IMAGE_EXPECTED);
  let image: Buffer | undefined;
  let other = false;
  try {
    for await (const part of request.parts()) {
      if (part.type === "file" && part.fieldname === IMAGE_FIELD && image === undefined)
        image = await part.toBuffer();
      else {
        other = true;
        if (part.type === "file") part.file.resume();
      }
    }
  } catch (error) {
    if ((error as { code?: unknown }).code === "FST_REQ_FILE_TOO_LARGE") throw IMAGE_REFUSALS["too-large"];
    // A second file, more parts than an image needs, or a malformed form: not the one file asked for.
    throw new ApiError(400, "image_expected", IMAGE_EXPECTED);
  }
  if (other || image === undefined) throw new ApiError(400, "image_expected", IMAGE_EXPECTED);
  return image;
}

/** A year, never revalidated: a file's name is its content's hash, so its bytes never change. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
