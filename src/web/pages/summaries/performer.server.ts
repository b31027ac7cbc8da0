import { redirect } from "react-router";
import { firstPerformerDay } from "../../../db/queries/first-performer-day.ts";
import { findPerformer, type PerformerRef } from "../../../db/queries/performer-lookup.ts";
import type { PageContext } from "../../../page-context.ts";
import { notFound } from "../../lib/page-errors.server.ts";
import { readPerformerName } from "../../lib/summaries/params.ts";

/**
 * The performer a summary page is about: a name in capitals is a 301 to `lowercasePath` (with the
 * query kept); a name that cannot be a username, an unknown or an opted-out performer is a 404.
 */
export async function summaryPerformer(
  context: PageContext,
  request: Request,
  segment: string | undefined,
  lowercasePath: (name: string) => string,
): Promise<PerformerRef> {
  const name = readPerformerName(segment);
  if (name === null) throw notFound();
  if (name.redirect) throw redirect(`${lowercasePath(name.name)}${new URL(request.url).search}`, 301);
  const performer = await findPerformer(context.db, name.name);
  if (performer === null) throw notFound();
  return performer;
}

/** The first day of our history (any performer's first rolled-up day), or null before there is one. */
export function historyStart(context: PageContext, today: string): Promise<string | null> {
  return firstPerformerDay(context.db, "1970-01-01", today);
}
