import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Db } from "../../db/connect.ts";
import { type ProfileImageKind, setProfileImage } from "../../db/queries/performer-own-profile.ts";
import type { Identity } from "../../identity/identity.ts";
import { ACCEPTED_TYPES, IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS } from "../../images/image-pipeline.ts";
import { readImage, storeImage } from "../../images/image-store.ts";
import { FETCH_TIMEOUT_MS, type FetchRefusal, MAX_REDIRECTS, safeFetch } from "../../images/safe-fetch.ts";
import {
  BANNER_IMAGE_BOX,
  PROFILE_IMAGE_BOX,
  PROFILE_IMAGES_PATH,
  processProfileImage,
} from "../../profiles/profile-images.ts";
import type { StorageOrDir } from "../../storage/storage.ts";
import type { ProfileSettings } from "../../types/performer-profile.ts";
import { ApiError, parseInput } from "../api/api-error.ts";
import { authenticate } from "../api/authenticate.ts";
import {
  IMAGE_FIELD,
  IMAGE_REFUSALS,
  IMMUTABLE,
  readImagePart,
  registerImageMultipart,
} from "../api/image-upload.ts";
import type { RouteDoc } from "../api/openapi.ts";
import {
  NO_PERFORMER_NAMED,
  PROFILE_REFUSALS,
  PROFILE_SHAPE,
  performerField,
  profileQuery,
  requireProfileOwner,
} from "./profile-owner.ts";

/**
 * Where account_profileimage_fromcb may fetch: the platform's image host (PLATFORM_IMAGE_URL, or
 * the sandbox's address while the sandbox is the data source), and whether its loopback address
 * may be reached (the sandbox on this machine only).
 */
export interface PlatformImageSource {
  origin: string;
  allowLoopback: boolean;
}

export const imageUrlNotAllowed = (origin: string) =>
  `expected the URL of an image on the platform's image host, ${origin}`;
export const PLATFORM_IMAGES_UNAVAILABLE =
  "This site has no platform image host to take images from; upload the image instead.";
export const IMAGE_FETCH_REDIRECTED =
  "The platform's image host sent us to another host or too far; only its own images are taken.";
export const IMAGE_HOST_NOT_PUBLIC =
  "The platform's image host resolved to an address that is not public; nothing was fetched.";
export const IMAGE_FETCH_TIMEOUT = `The platform's image host did not send the image within ${FETCH_TIMEOUT_MS / 1000} seconds.`;
export const IMAGE_FETCH_FAILED = "The image could not be fetched from the platform's image host.";

const FETCH_REFUSALS: Record<FetchRefusal, ApiError> = {
  "not-allowed": new ApiError(422, "image_fetch_refused", IMAGE_FETCH_REDIRECTED),
  "redirected-elsewhere": new ApiError(422, "image_fetch_refused", IMAGE_FETCH_REDIRECTED),
  "too-many-redirects": new ApiError(422, "image_fetch_refused", IMAGE_FETCH_REDIRECTED),
  "blocked-address": new ApiError(422, "image_fetch_refused", IMAGE_HOST_NOT_PUBLIC),
  "too-large": IMAGE_REFUSALS["too-large"],
  timeout: new ApiError(504, "image_fetch_timeout", IMAGE_FETCH_TIMEOUT),
  failed: new ApiError(502, "image_fetch_failed", IMAGE_FETCH_FAILED),
};

const MAX_IMAGE_URL = 2048;
const fromPlatformBody = z.object({
  performer: performerField,
  imageUrl: z
    .string({ error: "expected the URL of an image on the platform's image host" })
    .max(MAX_IMAGE_URL, `expected at most ${MAX_IMAGE_URL} characters`),
});

/** The URL names the allowed origin exactly, with no user name or password. */
function onOrigin(imageUrl: string, origin: string): boolean {
  try {
    const url = new URL(imageUrl);
    return url.origin === origin && url.username === "" && url.password === "";
  } catch {
    return false;
  }
}

const noStore = { "cache-control": "private, no-store" };

/**
 * The verified performer's profile and banner images (issue 19, decision 0022): uploaded as
 * multipart (POST /v1/account_profileimage and /v1/account_bannerimage), taken from the platform's
 * image host by the server (POST /v1/account_profileimage_fromcb, src/images/safe-fetch.ts), or
 * removed (DELETE). Every image goes through the lists' pipeline (sniffed, bounded, drawn again as
 * WebP without metadata) into DATA_DIR/images/profiles. Handlers keep the one order: validate,
 * authenticate, authorize (before a byte of a file is read or fetched), query, respond.
 */
export function registerAccountImages(
  app: FastifyInstance,
  options: {
    db: Db;
    identity: Identity;
    /** The profile images' store (decision 0045), or its directory (profileImagesFolder). */
    images: StorageOrDir;
    platformImages: PlatformImageSource | null;
    now?: () => number;
  },
): void {
  const { db, identity, platformImages } = options;
  const now = options.now ?? Date.now;
  const folder = { dir: options.images, publicPath: PROFILE_IMAGES_PATH };

  /** The file first, then the row: a profile never names a file that is not there. */
  const keep = async (
    performer: { performerId: number; username: string },
    kind: ProfileImageKind,
    bytes: Buffer,
  ): Promise<ProfileSettings> => {
    const image = await processProfileImage(bytes, kind);
    if (!image.ok) throw IMAGE_REFUSALS[image.refusal];
    const path = await storeImage(folder, image);
    return setProfileImage(db, performer, kind, path, new Date(now()));
  };

  const upload = (kind: ProfileImageKind) => async (request: FastifyRequest) => {
    const query = parseInput(profileQuery, request.query);
    const caller = await authenticate(request, identity);
    const performer = await requireProfileOwner(db, caller, query.performer);
    return keep(performer, kind, await readImagePart(request));
  };

  const remove = (kind: ProfileImageKind) => async (request: FastifyRequest) => {
    const query = parseInput(profileQuery, request.query);
    const caller = await authenticate(request, identity);
    const performer = await requireProfileOwner(db, caller, query.performer);
    // The file stays: another profile may show it; the hourly cleanup takes the unused ones.
    return setProfileImage(db, performer, kind, null, new Date(now()));
  };

  void app.register(async (scope) => {
    await registerImageMultipart(scope);
    for (const [path, kind] of [
      ["/v1/account_profileimage", "profile"],
      ["/v1/account_bannerimage", "banner"],
    ] as const) {
      scope.post(path, async (request, reply) => reply.headers(noStore).send(await upload(kind)(request)));
      scope.delete(path, async (request, reply) => reply.headers(noStore).send(await remove(kind)(request)));
    }
  });

  app.post("/v1/account_profileimage_fromcb", async (request, reply) => {
    const body = parseInput(fromPlatformBody, request.body);
    if (platformImages === null)
      throw new ApiError(503, "platform_images_unavailable", PLATFORM_IMAGES_UNAVAILABLE);
    if (!onOrigin(body.imageUrl, platformImages.origin)) {
      const text = imageUrlNotAllowed(platformImages.origin);
      throw new ApiError(400, "invalid_parameter", `imageUrl: ${text}`, "imageUrl");
    }
    const caller = await authenticate(request, identity);
    const performer = await requireProfileOwner(db, caller, body.performer);
    const fetched = await safeFetch(body.imageUrl, {
      allowedOrigin: platformImages.origin,
      allowLoopback: platformImages.allowLoopback,
    });
    if (!fetched.ok) {
      request.log.info({ refusal: fetched.refusal, detail: fetched.detail }, "platform image not fetched");
      throw FETCH_REFUSALS[fetched.refusal];
    }
    return reply.headers(noStore).send(await keep(performer, "profile", fetched.bytes));
  });
}

/**
 * GET /images/profiles/{hash}.webp: the stored profile and banner images, from our own origin (the
 * pages' policy allows 'self' images), as WebP whatever the client guesses; any other name is a 404.
 */
export function registerProfileImageFiles(app: FastifyInstance, dir: StorageOrDir): void {
  app.get<{ Params: { file: string } }>(`${PROFILE_IMAGES_PATH}/:file`, async (request, reply) => {
    const bytes = await readImage(dir, request.params.file);
    if (bytes === null) return reply.callNotFound();
    return reply
      .header("cache-control", IMMUTABLE)
      .header("x-content-type-options", "nosniff")
      .type("image/webp")
      .send(bytes);
  });
}

const uploadRules = `multipart/form-data with one file in the field "${IMAGE_FIELD}", ${ACCEPTED_TYPES} of at most ${IMAGE_MAX_BYTES / 1024 / 1024} MB and ${IMAGE_MAX_PIXELS / 1_000_000} million pixels`;
const uploadResponses = {
  "200": "the profile",
  "400": `not one file in the field image, or a bad performer name; or ${NO_PERFORMER_NAMED}`,
  ...PROFILE_REFUSALS,
  "413": "the file is larger than 5 MB",
  "415": `not a ${ACCEPTED_TYPES} image by its content`,
  "422": "more pixels than allowed (a decompression bomb), or an image that cannot be decoded",
};
const box = (b: { width: number; height: number }) => `${b.width}×${b.height}`;

export const ACCOUNT_IMAGES_DOCS: RouteDoc[] = [
  {
    method: "post",
    path: "/v1/account_profileimage",
    summary: `Set the profile image (Bearer, the performer's verified account): ${uploadRules}, stored as WebP of at most ${box(PROFILE_IMAGE_BOX)} without metadata at ${PROFILE_IMAGES_PATH}/{sha256}.webp. Answers ${PROFILE_SHAPE}`,
    query: profileQuery,
    multipart: { field: IMAGE_FIELD, description: `${ACCEPTED_TYPES}, at most 5 MB` },
    responses: uploadResponses,
  },
  {
    method: "delete",
    path: "/v1/account_profileimage",
    summary: "Remove the profile image (Bearer, the performer's verified account). Answers the profile",
    query: profileQuery,
    responses: {
      "200": "the profile",
      "400": `a bad performer name; or ${NO_PERFORMER_NAMED}`,
      ...PROFILE_REFUSALS,
    },
  },
  {
    method: "post",
    path: "/v1/account_bannerimage",
    summary: `Set the banner image (Bearer, the performer's verified account): ${uploadRules}, stored as WebP of at most ${box(BANNER_IMAGE_BOX)} without metadata. Answers the profile`,
    query: profileQuery,
    multipart: { field: IMAGE_FIELD, description: `${ACCEPTED_TYPES}, at most 5 MB` },
    responses: uploadResponses,
  },
  {
    method: "delete",
    path: "/v1/account_bannerimage",
    summary: "Remove the banner image (Bearer, the performer's verified account). Answers the profile",
    query: profileQuery,
    responses: {
      "200": "the profile",
      "400": `a bad performer name; or ${NO_PERFORMER_NAMED}`,
      ...PROFILE_REFUSALS,
    },
  },
  {
    method: "post",
    path: "/v1/account_profileimage_fromcb",
    summary: `Set the profile image from the platform (Bearer, the performer's verified account): imageUrl must be on the platform's image host; the server fetches it (public addresses only, at most ${MAX_REDIRECTS} redirects on the same host, ${FETCH_TIMEOUT_MS / 1000} s, 5 MB) and treats it as an upload. Answers the profile`,
    body: fromPlatformBody,
    responses: {
      "200": "the profile",
      "400": `a bad performer name, or an imageUrl off the platform's image host; or ${NO_PERFORMER_NAMED}`,
      ...PROFILE_REFUSALS,
      "413": "the image is larger than 5 MB",
      "415": `not a ${ACCEPTED_TYPES} image by its content`,
      "422": "a redirect off the image host, an address that is not public, or an image that cannot be used",
      "502": "the image host answered something other than the image",
      "503": "no platform image host here",
      "504": "the image host was too slow",
    },
  },
];
