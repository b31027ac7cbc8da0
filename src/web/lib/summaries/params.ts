import { isUsername } from "../../../online-rooms/links.ts";

/**
 * The address rules of the summary pages (/{platform}_wrapped/{name}, /monthly_summary/{name}):
 * pure, so the loaders and their tests read them the same way.
 */

/** A performer name as the address holds it: lowercase names are pages, capitals move. */
export type NameInAddress = { name: string; redirect: boolean };

/**
 * The name segment: a platform username is a page; the same in capitals is a 301 to the lowercase
 * address (usernames are lowercase on the platform); anything else is no page (null).
 */
export function readPerformerName(segment: string | undefined): NameInAddress | null {
  if (segment === undefined) return null;
  const name = segment.toLowerCase();
  if (!isUsername(name)) return null;
  return { name, redirect: name !== segment };
}

/** The first segment of a wrapped page: exactly `{slug}_wrapped` (the slug is configuration). */
export function isWrappedSegment(segment: string | undefined, slug: string): boolean {
  return segment === `${slug}_wrapped`;
}

/** One query parameter, given at most once: absent is undefined, repeated is null (no page). */
function single(search: URLSearchParams, name: string): string | undefined | null {
  const values = search.getAll(name);
  if (values.length > 1) return null;
  return values[0];
}

/**
 * ?year=YYYY from `firstYear` (our history's first) to `thisYear`; absent: this year. Anything
 * else (a year outside, not four digits, given twice) is null: the 404 page.
 */
export function readYearParam(search: URLSearchParams, thisYear: number, firstYear: number): number | null {
  const value = single(search, "year");
  if (value === undefined) return thisYear;
  if (value === null || !/^\d{4}$/.test(value)) return null;
  const year = Number(value);
  return year >= Math.min(firstYear, thisYear) && year <= thisYear ? year : null;
}

/**
 * ?month=YYYY-MM from `firstMonth` (our history's first) to `thisMonth`; absent: this month.
 * Anything else is null: the 404 page.
 */
export function readMonthParam(
  search: URLSearchParams,
  thisMonth: string,
  firstMonth: string,
): string | null {
  const value = single(search, "month");
  if (value === undefined) return thisMonth;
  if (value === null || !/^\d{4}-(0[1-9]|1[0-2])$/.test(value)) return null;
  const first = firstMonth < thisMonth ? firstMonth : thisMonth;
  return value >= first && value <= thisMonth ? value : null;
}

/** A wrapped page's address: this year's without ?year (its canonical form), others with it. */
export function wrappedPath(slug: string, name: string, year?: number, thisYear?: number): string {
  const path = `/${slug}_wrapped/${encodeURIComponent(name)}`;
  return year === undefined || year === thisYear ? path : `${path}?year=${year}`;
}

/** A monthly summary's address: the window ending this month without ?month, others with it. */
export function monthlyPath(name: string, month?: string, thisMonth?: string): string {
  const path = `/monthly_summary/${encodeURIComponent(name)}`;
  return month === undefined || month === thisMonth ? path : `${path}?month=${month}`;
}

/** The performer page (SPEC §2 catch-all /{performerName}). */
export function performerPath(name: string): string {
  return `/${encodeURIComponent(name)}`;
}
