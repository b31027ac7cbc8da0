/** The page view and the events SPEC §2 and §6 name (issue 30, point 7). */
export type AnalyticsEvent =
  | "pageview"
  | "Gender change"
  | "Tag change"
  | "Search"
  | "Add to list"
  | "Sign up";

/** What an event carries besides its name: a few words, never anything that names a person. */
export type AnalyticsProps = Readonly<Record<string, string>>;

/**
 * An event's body as the pages post it, in the Plausible events API's shape (decision 0043): the
 * site's name at the service, the page's address and the referrer without query or fragment.
 */
export interface AnalyticsBody {
  name: AnalyticsEvent;
  domain: string;
  url: string;
  referrer: string | null;
  props?: AnalyticsProps;
}
