import path from "node:path";
import type { Config } from "../config.ts";
import { directoryStorage } from "./directory-storage.ts";
import { s3Storage } from "./s3-storage.ts";
import type { Storage } from "./storage.ts";

/**
 * The site's families of files, each a store of its own keys: the published files (`stats/…`,
 * `api/….json`, `data/…`, `images/reports/…`), the lists' and the profiles' images (`{hash}.webp`)
 * and the kept thumbnails (`{username}.jpg`).
 */
export interface SiteStores {
  published: Storage;
  listImages: Storage;
  profileImages: Storage;
  thumbs: Storage;
}

type StoreConfig = Pick<
  Config,
  "STORAGE_URL" | "DATA_DIR" | "PUBLISH_DIR" | "AWS_ACCESS_KEY_ID" | "AWS_SECRET_ACCESS_KEY"
>;

/**
 * The stores STORAGE_URL names. A directory (the default, DATA_DIR) is today's layout: the published
 * files in PUBLISH_DIR, the images in `{root}/images`, the thumbnails in `{root}/thumbs`. A bucket
 * holds the same under `public/`, `images/` and `thumbs/` (after the URL's own prefix).
 */
export function siteStores(config: StoreConfig): SiteStores {
  const url = config.STORAGE_URL ?? { kind: "directory" as const, root: config.DATA_DIR };
  if (url.kind === "directory") {
    return {
      published: directoryStorage(config.PUBLISH_DIR),
      listImages: directoryStorage(path.join(url.root, "images", "lists")),
      profileImages: directoryStorage(path.join(url.root, "images", "profiles")),
      thumbs: directoryStorage(path.join(url.root, "thumbs")),
    };
  }
  // The configuration refuses an s3:// URL without both keys; this is only the type's sake.
  if (config.AWS_ACCESS_KEY_ID === undefined || config.AWS_SECRET_ACCESS_KEY === undefined) {
    throw new Error("STORAGE_URL is an s3:// URL: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY");
  }
  const bucket = (family: string) =>
    s3Storage({
      bucket: url.bucket,
      prefix: `${url.prefix}${family}/`,
      endpoint: url.endpoint,
      region: url.region,
      accessKeyId: config.AWS_ACCESS_KEY_ID as string,
      secretAccessKey: config.AWS_SECRET_ACCESS_KEY as string,
    });
  return {
    published: bucket("public"),
    listImages: bucket("images/lists"),
    profileImages: bucket("images/profiles"),
    thumbs: bucket("thumbs"),
  };
}
