import type { FastifyInstance } from "fastify";
import { SOCIAL_IMAGES_PATH, socialImage, socialImageCatalogue } from "../../profiles/social/catalogue.ts";
import { SITE_NAME } from "../../site/site-settings.ts";
import { socialPng } from "../social-images.ts";

/** A year, never revalidated: the address changes with the drawing. */
export const SOCIAL_IMAGE_CACHE = "public, max-age=31536000, immutable";
/** An old or hashless address moves to the current one; kept an hour, since the drawing may change. */
const MOVED_CACHE = "public, max-age=3600";

const FILE = /^([a-z0-9-]{1,40})(?:\.([0-9a-f]{10}))?\.(svg|png)$/;

/**
 * GET /social/{buttons|trophies}/{name}.{hash}.{svg|png}[?download=1]: the social media editor's
 * images. They are meant to be shown on other sites (the platform's room bios), so, unlike the
 * rest of ours, they may be loaded cross-origin (Cross-Origin-Resource-Policy). An address with an
 * old hash or none is a redirect to the current one, so a block pasted long ago keeps its images;
 * any other name is a 404. ?download=1 asks the browser to save the file.
 */
export function registerSocialImages(app: FastifyInstance, platformName: string): void {
  const catalogue = socialImageCatalogue(platformName);
  app.get<{ Params: { group: string; file: string }; Querystring: Record<string, unknown> }>(
    `${SOCIAL_IMAGES_PATH}/:group/:file`,
    async (request, reply) => {
      const match = FILE.exec(request.params.file);
      const image = match ? socialImage(catalogue, request.params.group, match[1] as string) : null;
      if (match === null || image === null) return reply.callNotFound();
      const [, , hash, extension] = match;
      const download = request.query.download === "1";
      reply.header("cross-origin-resource-policy", "cross-origin");
      if (hash !== image.hash) {
        const path = extension === "png" ? image.png : image.svg;
        return reply
          .header("cache-control", MOVED_CACHE)
          .redirect(download ? `${path}?download=1` : path, 301);
      }
      reply.header("cache-control", SOCIAL_IMAGE_CACHE);
      if (download)
        reply.header(
          "content-disposition",
          `attachment; filename="${SITE_NAME}-${image.group === "buttons" ? "button" : "trophy"}-${image.name}.${extension}"`,
        );
      if (extension === "svg") return reply.type("image/svg+xml; charset=utf-8").send(image.body);
      return reply.type("image/png").send(await socialPng(image));
    },
  );
}
