import { monthlySummaries, SUMMARY_MONTHS } from "../../../db/queries/monthly-summaries.ts";
import type { PageContext } from "../../../page-context.ts";
import { addMonths, dayOfInstant } from "../../../rules/calendar.ts";
import { notFound } from "../../lib/page-errors.server.ts";
import { monthlyPath, performerPath, readMonthParam, wrappedPath } from "../../lib/summaries/params.ts";
import type { MonthlyData } from "./page-data.ts";
import { historyStart, summaryPerformer } from "./performer.server.ts";

/**
 * /monthly_summary/{name}[?month=YYYY-MM] (SPEC §2, §9 "12 months of monthly summaries"): the 12
 * months ending with the month, the same as GET /v1/monthly_summary/{id}. A month after this one
 * or before our history is a 404.
 */
export async function loadMonthly(
  request: Request,
  params: { performerName?: string },
  context: PageContext,
  now: number = Date.now(),
): Promise<MonthlyData> {
  const performer = await summaryPerformer(context, request, params.performerName, (name) =>
    monthlyPath(name),
  );
  const today = dayOfInstant(now);
  const thisMonth = today.slice(0, 7);
  const first = await historyStart(context, today);
  const firstMonth = first === null ? thisMonth : first.slice(0, 7);
  const month = readMonthParam(new URL(request.url).searchParams, thisMonth, firstMonth);
  if (month === null) throw notFound();

  const months = await monthlySummaries(context.db, performer.performerId, month);
  const name = performer.username;
  const earlier = addMonths(month, -SUMMARY_MONTHS);
  // Past this month the window would end in the future: the latest window instead.
  const later = [addMonths(month, SUMMARY_MONTHS), thisMonth].sort()[0] ?? thisMonth;
  return {
    username: name,
    month,
    path: monthlyPath(name, month, thisMonth),
    months,
    earlierPath: earlier >= firstMonth ? monthlyPath(name, earlier, thisMonth) : null,
    laterPath: month === thisMonth ? null : monthlyPath(name, later, thisMonth),
    wrappedPath: wrappedPath(
      context.config.PLATFORM_SLUG,
      name,
      Number(month.slice(0, 4)),
      Number(thisMonth.slice(0, 4)),
    ),
    performerPath: performerPath(name),
  };
}
