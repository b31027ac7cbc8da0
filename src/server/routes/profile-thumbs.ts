import type { FastifyInstance } from "fastify";
import { readThumb } from "../../collect/thumb-store.ts";
import type { Db } from "../../db/connect.ts";
import { isConfirmedOptout } from "../../db/queries/optouts.ts";
import { isUsername } from "../../online-rooms/links.ts";
import { usernameOfThumbFile } from "../../site/urls/profile-thumb.ts";
import type { Storage } from "../../storage/storage.ts";

/** SPEC §7: a performer's profile thumbnail (src/site/urls/profile-thumb.ts). */
const PROFILE_THUMB_PATH = "/profile/:file";

/** A day: the keeper draws a performer's thumbnail at most once a day. */
const CACHE = "public, max-age=86400";

/**
 * GET /profile/{username}-thumb.jpg (SPEC §7): the thumbnail the keeper holds for a performer
 * (decision 0023), as JPEG whatever the client guesses. A 404 for a name that cannot be a
 * username, for a performer who opted out (looked up on each request, so it holds at once), and
 * when none is kept.
 */
export function registerProfileThumbs(app: FastifyInstance, db: Db, thumbs: Storage): void {
  app.get<{ Params: { file: string } }>(PROFILE_THUMB_PATH, async (request, reply) => {
    const username = usernameOfThumbFile(request.params.file);
    if (username === null || !isUsername(username)) return reply.callNotFound();
    if (await isConfirmedOptout(db, username)) return reply.callNotFound();
    const bytes = await readThumb(thumbs, username);
    if (bytes === null) return reply.callNotFound();
    return reply
      .header("cache-control", CACHE)
      .header("x-content-type-options", "nosniff")
      .type("image/jpeg")
      .send(bytes);
  });
}
