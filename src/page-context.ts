import type { Config } from "./config.ts";
import type { Db } from "./db/connect.ts";
import type { AffiliateSettings } from "./online-rooms/links.ts";
import type { OnlineRoomsService } from "./online-rooms/service.ts";
import type { SearchService } from "./search/search-service.ts";
import type { GoogleSignIn } from "./site/site-settings.ts";
import type { StorageOrDir } from "./storage/storage.ts";

/**
 * What the server hands every page loader (React Router's load context), in one place: the server
 * builds it once (src/server/pages.ts) and loaders type their arguments with it
 * (src/web/lib/page-loader.ts). Loaders run on the server only; whatever of this reaches the
 * browser is what a loader returns, so the configuration's secrets stay here.
 */
export interface PageContext {
  db: Db;
  search: SearchService;
  config: Config;
  /**
   * The published files' store (STORAGE_URL's; a directory's path stands for the directory there):
   * the one the server serves /stats and /api/*.json from.
   */
  publishDir: StorageOrDir;
  /**
   * The platform's image host, where a live room's thumbnail is {imageHost}/ri/{username}.jpg
   * (platform/ONLINE_ROOMS_API.md); null when unknown, and pages then show no live thumbnails.
   */
  imageHost: string | null;
  /**
   * The origins the pages' images may come from besides ours (their Content-Security-Policy): the
   * image host and the live rooms' image host (the sandbox's own address when it is the platform).
   */
  imageOrigins: readonly string[];
  /** The origins the pages may frame: the platform's room player (affiliate.embedOrigin). */
  frameOrigins: readonly string[];
  /** The platform's online rooms through the server's proxy (the same as GET /api/online_rooms). */
  onlineRooms: OnlineRoomsService;
  /** Which Google sign-in the accounts offer, if any (the server's routes decide; the pages label the button). */
  googleSignIn: GoogleSignIn;
  /** Where links out to the platform go, and with which campaign. */
  affiliate: AffiliateSettings;
  /**
   * Whether age verification applies to this request's visitor (GET /api/geoip's rule, for the
   * address the API would see). Looked up when called, so a page that skips it (for a crawler)
   * costs nothing.
   */
  ageVerification(): boolean;
}

declare module "react-router" {
  // Declaration merging is React Router's way to type the load context for every loader.
  interface AppLoadContext extends PageContext {}
}
