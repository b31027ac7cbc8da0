import { useCallback, useEffect, useRef } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import type { AnalyticsBody, AnalyticsEvent, AnalyticsProps } from "../../site/analytics-event.ts";
import type { SiteSettings } from "../../site/site-settings.ts";

/** Where events go (ANALYTICS_URL, ANALYTICS_SITE_ID); null sends nothing. */
export type AnalyticsSettings = SiteSettings["analytics"];

/** An address without its query and fragment: those may hold a search text, a token or a code. */
export function bareAddress(address: string): string | null {
  try {
    const url = new URL(address);
    return `${url.origin}${url.pathname}`;
  } catch {
    return null;
  }
}

/** Whether the visitor's browser asks not to be followed (Global Privacy Control or Do Not Track). */
function declined(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  return nav.globalPrivacyControl === true || nav.doNotTrack === "1";
}

/**
 * Posts one event, when analytics is configured and the visitor has not declined: without
 * cookies or credentials, as plain text (no preflight), and `no-cors` (the answer is not read,
 * and a service that sends no CORS headers makes no console error). Never throws: analytics
 * may fail, the page may not.
 */
export function sendAnalytics(
  settings: AnalyticsSettings,
  name: AnalyticsEvent,
  props?: AnalyticsProps,
): void {
  if (settings === null || typeof window === "undefined" || declined()) return;
  const url = bareAddress(window.location.href);
  if (url === null) return;
  const body: AnalyticsBody = {
    name,
    domain: settings.siteId,
    url,
    referrer: document.referrer === "" ? null : bareAddress(document.referrer),
    ...(props === undefined ? {} : { props }),
  };
  try {
    fetch(settings.eventUrl, {
      method: "POST",
      mode: "no-cors",
      credentials: "omit",
      keepalive: true,
      referrerPolicy: "no-referrer",
      headers: { "content-type": "text/plain" },
      body: JSON.stringify(body),
    }).catch(() => undefined);
  } catch {
    // A browser that refuses the request outright: nothing to do.
  }
}

/** The site's analytics settings, from the root loader. */
function useAnalyticsSettings(): AnalyticsSettings {
  return useRouteLoaderData<SiteSettings>("root")?.analytics ?? null;
}

/** A function that sends an event with this site's settings. */
export function useAnalytics(): (name: AnalyticsEvent, props?: AnalyticsProps) => void {
  const settings = useAnalyticsSettings();
  return useCallback((name, props) => sendAnalytics(settings, name, props), [settings]);
}

/** A page view for the first page and for each navigation to another path (not a query change). */
export function usePageViews(): void {
  const { pathname } = useLocation();
  const settings = useAnalyticsSettings();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path is a new page view; the address itself is read from the window
  useEffect(() => {
    sendAnalytics(settings, "pageview");
  }, [pathname, settings]);
}

/**
 * An event each time `value` changes after the first render (a gender or tag switched, a search
 * made), carrying `props`; the page's first value is its page view, not an event.
 */
export function useChangeEvent(name: AnalyticsEvent, value: string | null, props: AnalyticsProps): void {
  const track = useAnalytics();
  const before = useRef(value);
  const latestProps = useRef(props);
  latestProps.current = props;
  useEffect(() => {
    if (before.current === value) return;
    before.current = value;
    track(name, latestProps.current);
  }, [name, value, track]);
}
