import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Db } from "../../db/connect.ts";
import { setListImage } from "../../db/queries/list-image.ts";
import { listById, listView } from "../../db/queries/lists.ts";
import type { Identity } from "../../identity/identity.ts";
import { LIST_IMAGES_PATH, listImagesDir, readListImage, storeListImage } from "../../lists/image-store.ts";
import {
  ACCEPTED_TYPES,
  type ImageRefusal,
  LIST_IMAGE_HEIGHT,
  LIST_IMAGE_MAX_BYTES,
  LIST_IMAGE_MAX_PIXELS,
  LIST_IMAGE_WIDTH,
  processListImage,
} from "../../lists/list-image.ts";
import { LIST_ID_PATTERN } from "../../lists/list-rules.ts";
import { ApiError, parseInput } from "../api/api-error.ts";
import { authenticate } from "../api/authenticate.ts";
import type { RouteDoc } from "../api/openapi.ts";
import { LIST_NOT_FOUND, LIST_SHAPE } from "./lists.ts";

/** The form field the image comes in. */
export const IMAGE_FIELD = "image";

export const IMAGE_EXPECTED = `Send one image file as multipart/form-data, in the field "${IMAGE_FIELD}".`;
export const IMAGE_TOO_LARGE = `The image is larger than ${LIST_IMAGE_MAX_BYTES / 1024 / 1024} MB.`;
export const IMAGE_NOT_ACCEPTED = `Only ${ACCEPTED_TYPES} images are accepted (judged by the file's content, not its name).`;
export const IMAGE_TOO_MANY_PIXELS = `The image has more than ${LIST_IMAGE_MAX_PIXELS / 1_000_000} million pixels; send a smaller one.`;
export const IMAGE_UNREADABLE = "The image could not be read; it may be damaged.";

/**
 * A decompression bomb and a damaged file are well-formed requests whose content we cannot use:
 * 422, not 413, which is for too many bytes.
 */
export const TOO_MANY_PIXELS_STATUS = 422;

const REFUSALS: Record<ImageRefusal, ApiError> = {
  "too-large": new ApiError(413, "image_too_large", IMAGE_TOO_LARGE),
  "not-an-image": new ApiError(415, "unsupported_image", IMAGE_NOT_ACCEPTED),
  "too-many-pixels": new ApiError(TOO_MANY_PIXELS_STATUS, "image_too_many_pixels", IMAGE_TOO_MANY_PIXELS),
  unreadable: new ApiError(422, "image_unreadable", IMAGE_UNREADABLE),
};

const idParams = z.object({
  id: z.string({ error: "expected a list id" }).regex(LIST_ID_PATTERN, "expected a list id"),
});

/** The multipart framing around a 5 MB file is far less than this: more is refused unread. */
const MAX_REQUEST_BYTES = LIST_IMAGE_MAX_BYTES + 64 * 1024;

/**
 * The request's one part, a file in the `image` field, in memory (at most 5 MB: the multipart
 * limit stops keeping bytes past it). Any other part is read to its end and dropped, so that the
 * form is consumed whatever it holds, and makes the request a 400.
 */
async function readImagePart(request: FastifyRequest): Promise<Buffer> {
  if (Number(request.headers["content-length"] ?? 0) > MAX_REQUEST_BYTES) throw REFUSALS["too-large"];
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
    if ((error as { code?: unknown }).code === "FST_REQ_FILE_TOO_LARGE") throw REFUSALS["too-large"];
    // A second file, more parts than an image needs, or a malformed form: not the one file asked for.
    throw new ApiError(400, "image_expected", IMAGE_EXPECTED);
  }
  if (other || image === undefined) throw new ApiError(400, "image_expected", IMAGE_EXPECTED);
  return image;
}

/**
 * POST and DELETE /v1/list_image/{id} (SPEC §7, decision 0020): an owned list's image, uploaded
 * as multipart, checked and drawn again (src/lists/list-image.ts), stored by its hash; or removed.
 * Multipart is parsed in this scope only: every other call's body stays JSON.
 */
export function registerListImage(app: FastifyInstance, db: Db, identity: Identity, dataDir: string): void {
  const dir = listImagesDir(dataDir);
  const noStore = { "cache-control": "private, no-store" };
  const requireOwned = async (userId: string, id: string) => {
    const list = await listById(db, id);
    if (list === undefined || list.userId !== userId)
      throw new ApiError(404, "list_not_found", LIST_NOT_FOUND);
  };
  const changed = async (change: "ok" | "not-found", id: string) => {
    const list = change === "ok" ? await listById(db, id) : undefined;
    if (list === undefined) throw new ApiError(404, "list_not_found", LIST_NOT_FOUND);
    return listView(list);
  };

  void app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: LIST_IMAGE_MAX_BYTES, files: 1, fields: 1, parts: 2 },
    });

    scope.post("/v1/list_image/:id", async (request, reply) => {
      const { id } = parseInput(idParams, request.params);
      const caller = await authenticate(request, identity);
      // Authorized before a byte of the file is read: another's list costs nothing to refuse.
      await requireOwned(caller.userId, id);
      const image = await processListImage(await readImagePart(request));
      if (!image.ok) throw REFUSALS[image.refusal];
      // The file first, then the list: a list never names a file that is not there. An old file
      // stays (another list may show it); the hourly cleanup takes the ones no list uses.
      const path = await storeListImage(dir, image);
      const change = await setListImage(db, caller.userId, id, path);
      return reply.headers(noStore).send(await changed(change, id));
    });

    scope.delete("/v1/list_image/:id", async (request, reply) => {
      const { id } = parseInput(idParams, request.params);
      const caller = await authenticate(request, identity);
      const change = await setListImage(db, caller.userId, id, null);
      return reply.headers(noStore).send(await changed(change, id));
    });
  });
}

/** A year, never revalidated: a file's name is its content's hash, so its bytes never change. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * GET /images/lists/{hash}.webp: the stored list images, from our own origin (the pages' policy
 * allows 'self' images), as WebP whatever the client guesses; any other name is a 404.
 */
export function registerListImageFiles(app: FastifyInstance, dataDir: string): void {
  const dir = listImagesDir(dataDir);
  app.get<{ Params: { file: string } }>(`${LIST_IMAGES_PATH}/:file`, async (request, reply) => {
    const bytes = await readListImage(dir, request.params.file);
    if (bytes === null) return reply.callNotFound();
    return reply
      .header("cache-control", IMMUTABLE)
      .header("x-content-type-options", "nosniff")
      .type("image/webp")
      .send(bytes);
  });
}

export const LIST_IMAGE_DOCS: RouteDoc[] = [
  {
    method: "post",
    path: "/v1/list_image/{id}",
    summary: `Set an owned list's image (Bearer): multipart/form-data with one file in the field "${IMAGE_FIELD}", ${ACCEPTED_TYPES} of at most ${LIST_IMAGE_MAX_BYTES / 1024 / 1024} MB and ${LIST_IMAGE_MAX_PIXELS / 1_000_000} million pixels, stored as WebP of at most ${LIST_IMAGE_WIDTH}×${LIST_IMAGE_HEIGHT} without metadata; the list's image becomes its path, ${LIST_IMAGES_PATH}/{sha256}.webp`,
    params: idParams,
    multipart: { field: IMAGE_FIELD, description: `${ACCEPTED_TYPES}, at most 5 MB` },
    responses: {
      "200": LIST_SHAPE,
      "400": "not one file in the field image, or a bad list id",
      "401": "no valid identity token",
      "404": "no such list of the caller's",
      "413": "the file is larger than 5 MB",
      "415": `not a ${ACCEPTED_TYPES} image by its content`,
      "422": "more pixels than allowed (a decompression bomb), or an image that cannot be decoded",
    },
  },
  {
    method: "delete",
    path: "/v1/list_image/{id}",
    summary: "Remove an owned list's image (Bearer)",
    params: idParams,
    responses: { "200": LIST_SHAPE, "401": "no valid identity token", "404": "no such list of the caller's" },
  },
];
