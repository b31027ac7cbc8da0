import type { ReactNode } from "react";
import {
  Links,
  type LinksFunction,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { feedbackEmailOf, SITE_NAME, type SiteSettings } from "../site/site-settings.ts";
import accountCss from "./components/account/account.css?url";
import { ErrorPage } from "./components/error-page.tsx";
import listsCss from "./components/lists/lists.css?url";
import footerCss from "./components/site-footer.css?url";
import { SiteFooter } from "./components/site-footer.tsx";
import headerCss from "./components/site-header.css?url";
import { SiteHeader } from "./components/site-header.tsx";
import { LoginStatusProvider } from "./lib/account/login-status.tsx";
import { usePageViews } from "./lib/analytics.ts";
import type { PageLoaderArgs } from "./lib/page-loader.ts";
import { errorMeta, type PageMetaFunction, siteOf } from "./lib/seo.ts";
import { useNavigationTimeout } from "./lib/use-navigation-timeout.ts";
import baseCss from "./styles/base.css?url";
import controlsCss from "./styles/controls.css?url";
import favicon from "./styles/favicon.svg?url";
import pageCss from "./styles/page.css?url";

export const links: LinksFunction = () => [
  { rel: "icon", href: favicon, type: "image/svg+xml" },
  { rel: "stylesheet", href: baseCss },
  { rel: "stylesheet", href: headerCss },
  // The account menu's dialog is on every page (the header's), and its forms are /settings's too.
  { rel: "stylesheet", href: accountCss },
  { rel: "stylesheet", href: footerCss },
  // The lists' pages, and their "Add to list" control on the performer, search and ranking pages.
  { rel: "stylesheet", href: listsCss },
  // Pages' prose and the error pages share one small sheet.
  { rel: "stylesheet", href: pageCss },
  // The controls many pages share (gender tabs, tag picker, switch, tag cloud, pager).
  { rel: "stylesheet", href: controlsCss },
];

/** The public settings every page needs; see SiteSettings for why nothing else leaves. */
export function loader({ context, request }: PageLoaderArgs): SiteSettings {
  const { config } = context;
  return {
    platformName: config.PLATFORM_NAME,
    origin: new URL(request.url).origin,
    social: { twitter: config.SOCIAL_TWITTER_URL ?? null, newsletter: config.SOCIAL_NEWSLETTER_URL ?? null },
    accountsBeta: config.ACCOUNTS_BETA,
    feedbackEmail: feedbackEmailOf(config.FEEDBACK_EMAIL, config.PUBLIC_URL),
    googleSignIn: context.googleSignIn,
    partnerSites: config.PARTNER_SITES,
    analytics:
      config.ANALYTICS_URL !== undefined && config.ANALYTICS_SITE_ID !== undefined
        ? { eventUrl: new URL("/api/event", config.ANALYTICS_URL).href, siteId: config.ANALYTICS_SITE_ID }
        : null,
  };
}

// The settings change only with a restart: no need to ask again on every navigation.
export const shouldRevalidate = () => false;

/** The title of a page without meta of its own, and of an error that reaches the root. */
export const meta: PageMetaFunction = ({ error, matches }) => {
  const platformName = siteOf(matches)?.platformName;
  if (error) return errorMeta(error);
  return [{ title: platformName ? `${SITE_NAME}: ${platformName} performer statistics` : SITE_NAME }];
};

/** The document and the shell around every page, the error pages included. */
export function Layout({ children }: { children: ReactNode }) {
  const site = useRouteLoaderData<typeof loader>("root");
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#content">
          Skip to content
        </a>
        <LoginStatusProvider>
          <SiteHeader site={site} />
          <main id="content" className="site-main">
            {children}
          </main>
          <SiteFooter platformName={site?.platformName} partnerSites={site?.partnerSites ?? []} />
        </LoginStatusProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  useNavigationTimeout();
  usePageViews();
  return <Outlet />;
}

/** Errors no route caught (a failing root loader, say), still inside the shell. */
export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
