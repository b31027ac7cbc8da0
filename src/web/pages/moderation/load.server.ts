import { moderationQueue, recentDecisions } from "../../../db/queries/moderation.ts";
import { moderatorOfRequest } from "../../../moderation/page-session.ts";
import type { PageContext } from "../../../page-context.ts";
import { notFound } from "../../lib/page-errors.server.ts";
import { type ModerationPageData, QUEUE_SHOWN } from "./page-data.ts";

const RECENT_SHOWN = 20;

/**
 * The queue for a moderator, known by the page's cookie (decision 0041); for anyone else, signed
 * out included, the site's 404 page: the page does not exist for them.
 */
export async function loadModeration(request: Request, context: PageContext): Promise<ModerationPageData> {
  const { db, config } = context;
  const moderator = await moderatorOfRequest(
    db,
    request.headers.get("cookie"),
    config.MODERATOR_EMAILS,
    new Date(),
  );
  if (moderator === null) throw notFound();
  const reviewer = { userId: moderator, performerIds: null };
  const [{ total, items }, recent] = await Promise.all([
    moderationQueue(db, reviewer, QUEUE_SHOWN),
    recentDecisions(db, reviewer, RECENT_SHOWN),
  ]);
  return {
    total,
    items: items.map((item) => ({
      kind: item.kind,
      id: item.id,
      performer: item.performer,
      text: item.text,
      sender: item.sender ?? "anonymous",
      times: item.times,
      suggestedAt: item.suggestedAt.toISOString(),
    })),
    recent: recent.map((d) => ({
      kind: d.kind,
      id: d.id,
      performer: d.performer,
      text: d.text,
      action: d.action,
    })),
  };
}
