import path from "node:path";
import type { Db } from "../db/connect.ts";
import { profileImagePaths } from "../db/queries/performer-own-profile.ts";
import { type ImageBox, type ProcessedImage, processImage } from "../images/image-pipeline.ts";
import { type ImageFolder, pruneImages } from "../images/image-store.ts";
import type { Storage } from "../storage/storage.ts";

/** The box a profile image is shrunk to fit: square, sharp on a large screen's profile header. */
export const PROFILE_IMAGE_BOX: ImageBox = { width: 800, height: 800 };
/** The banner's box: the 3:1 of a wide page header. */
export const BANNER_IMAGE_BOX: ImageBox = { width: 1500, height: 500 };

/** Where profile and banner images are served from; a profile's image is this path and the file's name. */
export const PROFILE_IMAGES_PATH = "/images/profiles";

/** DATA_DIR/images/profiles, served at /images/profiles. */
export const profileImagesFolder = (dataDir: string): ImageFolder & { dir: string } => ({
  dir: path.join(dataDir, "images", "profiles"),
  publicPath: PROFILE_IMAGES_PATH,
});

/** A profile (800×800) or banner (1500×500) image made safe to serve (src/images/image-pipeline.ts). */
export const processProfileImage = (input: Buffer, kind: "profile" | "banner"): Promise<ProcessedImage> =>
  processImage(input, kind === "profile" ? PROFILE_IMAGE_BOX : BANNER_IMAGE_BOX);

/**
 * Deletes the profile images no profile uses, once older than `before` (the hourly cleanup): in
 * DATA_DIR's folder, or in the store given (decision 0045).
 */
export const pruneProfileImages = (
  db: Db,
  where: string | { store: Storage },
  before: Date,
): Promise<number> =>
  pruneImages(
    typeof where === "string"
      ? profileImagesFolder(where)
      : { dir: where.store, publicPath: PROFILE_IMAGES_PATH },
    () => profileImagePaths(db),
    before,
  );
