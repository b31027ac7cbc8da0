import type { PageContext } from "../../../page-context.ts";
import {
  byDay,
  type CelebrationsData,
  celebrationsPath,
  celebrationText,
  DAY_LIMIT,
  firstOfEachKind,
  readKindParam,
} from "../../lib/celebrations/celebrations.ts";
import { readCelebrations } from "../../lib/celebrations/load.server.ts";
import { notFound, notPublishedYet } from "../../lib/page-errors.server.ts";

/**
 * /celebrations[?kind=followers|viewers|rank]: the published file's 7 days grouped by day. Before
 * the file exists, the ranking pages' 503; an unknown kind is a 404.
 */
export async function loadCelebrations(request: Request, context: PageContext): Promise<CelebrationsData> {
  const kind = readKindParam(new URL(request.url).searchParams);
  if (kind === undefined) throw notFound();
  const file = await readCelebrations(context);
  if (file === null) throw notPublishedYet();
  const chosen = file.celebrations.filter((c) => kind === null || c.kind === kind);
  return {
    from: file.from,
    to: file.day,
    kind,
    path: celebrationsPath(kind),
    days: byDay(chosen).map(({ day, items }) => ({
      day,
      items: firstOfEachKind(items, DAY_LIMIT).map((c) => ({ ...c, text: celebrationText(c) })),
      more: Math.max(0, items.length - DAY_LIMIT),
    })),
    total: chosen.length,
  };
}
