import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Db } from "../../db/connect.ts";
import { setListImage } from "../../db/queries/list-image.ts";
import { listById, listView } from "../../db/queries/lists.ts";
import type { Identity } from "../../identity/identity.ts";
import { LIST_IMAGES_PATH, readListImage, storeListImage } from "../../lists/image-store.ts";
import {
  ACCEPTED_TYPES,
  LIST_IMAGE_HEIGHT,
  LIST_IMAGE_MAX_BYTES,
  LIST_IMAGE_MAX_PIXELS,
  LIST_IMAGE_WIDTH,
  processListImage,
} from "../../lists/list-image.ts";
import { LIST_ID_PATTERN } from "../../lists/list-rules.ts";
import type { StorageOrDir } from "../../storage/storage.ts";
import { ApiError, parseInput } from "../api/api-error.ts";
import { authenticate } from "../api/authenticate.ts";
import {
  IMAGE_EXPECTED,
  IMAGE_FIELD,
  IMAGE_NOT_ACCEPTED,
  IMAGE_REFUSALS,
  IMAGE_TOO_LARGE,
  IMAGE_TOO_MANY_PIXELS,
  IMAGE_UNREADABLE,
  IMMUTABLE,
  readImagePart,
  registerImageMultipart,
  TOO_MANY_PIXELS_STATUS,
} from "../api/image-upload.ts";
import type { RouteDoc } from "../api/openapi.ts";
import { LIST_NOT_FOUND, LIST_SHAPE } from "./lists.ts";

export {
  IMAGE_EXPECTED,
  IMAGE_FIELD,
  IMAGE_NOT_ACCEPTED,
  IMAGE_TOO_LARGE,
  IMAGE_TOO_MANY_PIXELS,
  IMAGE_UNREADABLE,
  TOO_MANY_PIXELS_STATUS,
};

const idParams = z.object({
  id: z.string({ error: "expected a list id" }).regex(LIST_ID_PATTERN, "expected a list id"),
});

/**
 * POST and DELETE /v1/list_image/{id} (SPEC §7, decision 0020): an owned list's image, uploaded
 * as multipart, checked and drawn again (src/lists/list-image.ts), stored by its hash; or removed.
 * Multipart is parsed in this scope only: every other call's body stays JSON.
 */
export function registerListImage(app: FastifyInstance, db: Db, identity: Identity, dir: StorageOrDir): void {
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
    await registerImageMultipart(scope);

    scope.post("/v1/list_image/:id", async (request, reply) => {
      const { id } = parseInput(idParams, request.params);
      const caller = await authenticate(request, identity);
      // Authorized before a byte of the file is read: another's list costs nothing to refuse.
      await requireOwned(caller.userId, id);
      const image = await processListImage(await readImagePart(request));
      if (!image.ok) throw IMAGE_REFUSALS[image.refusal];
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

/**
 * GET /images/lists/{hash}.webp: the stored list images, from our own origin (the pages' policy
 * allows 'self' images), as WebP whatever the client guesses; any other name is a 404.
 */
export function registerListImageFiles(app: FastifyInstance, dir: StorageOrDir): void {
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
