import type { HeadersFunction } from "react-router";
import { Link, useRouteLoaderData } from "react-router";
import { SITE_NAME } from "../../../site/site-settings.ts";
import { type PageMetaFunction, pageMeta, siteOf } from "../../lib/seo.ts";
import type { loader as rootLoader } from "../../root.tsx";

/** The same for everyone and changed only by a deploy: caches may keep it a while. */
export const headers: HeadersFunction = () => ({ "cache-control": "public, max-age=300" });

export const meta: PageMetaFunction = ({ matches }) => {
  const site = siteOf(matches);
  return pageMeta(site, {
    title: `Privacy | ${SITE_NAME}: ${site?.platformName ?? "the platform"} performer statistics`,
    description: `What ${SITE_NAME} keeps in your browser (two preferences, no tracking cookies), what its server sees, and how a performer opts out.`,
    path: "/privacy",
  });
};

export default function Privacy() {
  const platform = useRouteLoaderData<typeof rootLoader>("root")?.platformName ?? "the platform";
  return (
    <article className="page">
      <h1>Privacy</h1>
      <p className="page__lead">
        You can use all of {SITE_NAME} without an account, and we do not follow you around: no tracking
        cookies, no advertising or analytics scripts.
      </p>

      <h2>What your browser keeps</h2>
      <p>
        Two kinds of small settings, in your browser's local storage, so the site remembers them next time.
        They never leave your browser.
      </p>
      <ul>
        <li>
          <strong>Your gender preference</strong>: which of female, male, couple and trans performers you want
          to see (female and couple until you change it).
        </li>
        <li>
          <strong>Dismissed banners</strong>: a flag for each explanatory banner you closed, so it stays
          closed.
        </li>
      </ul>
      <p>Clearing this site's data in your browser removes both.</p>

      <h2>What our server sees</h2>
      <p>
        Like any web server, ours sees your address (IP) with each request. It uses it for two things and
        keeps neither: to limit how many requests one address may make a minute (a count forgotten after the
        minute), and to look up your country, because in some countries live previews are hidden by law. The
        site writes no access logs of its own. A search you type is sent to the server to be answered and is
        not stored.
      </p>
      <p>
        If you suggest a tag or a summary for a performer, we keep the suggestion for review, without anything
        about who sent it.
      </p>

      <h2>Performers</h2>
      <p>
        Everything we show about a performer comes from {platform}'s public list of online rooms (see{" "}
        <Link to="/about">about</Link>). A performer who wants to be left out can opt out: once you have shown
        us the room is yours (a code in your room subject or about-me, at <code>/claim/yourusername</code>),
        one step at <code>/optout/yourusername</code>, or <code>POST /v1/optout</code> with your account,
        removes you from every ranking, search and published file, and we no longer record your room. Without
        an account, <code>POST /v1/optout</code> gives a one-time code that does the same once it appears in
        your room subject or about-me. Nobody else can opt you out. If you verify, we keep which account is
        yours, and tell it by e-mail should another account prove to be you later.
      </p>

      <h2>Other sites</h2>
      <p>Links to performers' rooms take you to {platform}, whose own privacy policy applies from there.</p>
    </article>
  );
}
