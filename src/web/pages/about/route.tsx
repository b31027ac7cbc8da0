import type { HeadersFunction } from "react-router";
import { Link, useRouteLoaderData } from "react-router";
import { SITE_NAME } from "../../../site/site-settings.ts";
import { type PageMetaFunction, pageMeta, siteOf } from "../../lib/seo.ts";
import type { loader as rootLoader } from "../../root.tsx";

/** The same for everyone and changed only by a deploy: caches may keep it a while. */
export const headers: HeadersFunction = () => ({ "cache-control": "public, max-age=300" });

export const meta: PageMetaFunction = ({ matches }) => {
  const site = siteOf(matches);
  const platform = site?.platformName ?? "the platform";
  return pageMeta(site, {
    title: `About ${SITE_NAME}: ${platform} performer statistics`,
    description: `What ${SITE_NAME} is, where its numbers about ${platform} performers come from, how the daily rankings are made, and how a performer opts out.`,
    path: "/about",
  });
};

export default function About() {
  const platform = useRouteLoaderData<typeof rootLoader>("root")?.platformName ?? "the platform";
  return (
    <article className="page">
      <h1>About {SITE_NAME}</h1>
      <p className="page__lead">
        {SITE_NAME} is a free statistics, ranking and search site for the performers of {platform}. The
        platform shows who is online right now and forgets them when they leave; we keep the history, so you
        can see who draws the most viewers, who is rising, and how a performer's streams have gone over the
        weeks.
      </p>

      <h2>Where the numbers come from</h2>
      <p>
        Every minute we read the platform's public list of online rooms: the same list its own home page is
        built from. For each public room it gives the number of viewers at that moment, the followers, the
        tags and how long the room has been online. We keep each reading, join a performer's readings into
        stream sessions, and once a day roll them up into the rankings and the other figures on this site.
      </p>
      <p>
        We see only what that list shows. Private and hidden shows, tips and anything said in a room are not
        in it, and neither are performers while they are offline. If the platform's list is unavailable for a
        while, there is a gap in our history for that while: we never fill one in with guesses.
      </p>

      <h2>How the rankings are made</h2>
      <ul>
        <li>
          A ranking day is a whole day in UTC, from 00:00 to 24:00. The rankings for a day are published
          shortly after it ends, once a day after midnight UTC.
        </li>
        <li>
          <Link to="/top/viewers">Top 100</Link>: performers who streamed in public that day, ranked by the
          most viewers they had at once.
        </li>
        <li>
          <Link to="/top/followers">Most followed</Link>: by followers, as last counted.{" "}
          <Link to="/top/growing">Rising Stars</Link>: by followers gained over the last week.{" "}
          <Link to="/top/performers">Top Monthly</Link>: over the last 30 days.
        </li>
        <li>
          A stream that runs past midnight by less than 15 minutes counts for the day it started only, so a
          late show is not counted twice.
        </li>
      </ul>

      <h2 id="open-data">Open data</h2>
      <p>
        Each ranking day is also published as plain CSV files, one per ranking (most viewers, most followed,
        fastest rising and the supporter lists), at <code>/data/YYYY-MM-DD/viewers.csv</code> and beside it{" "}
        <code>followers.csv</code>, <code>growing.csv</code> and <code>supporters.csv</code>. They hold
        exactly what the ranking pages show. The columns, and the licence (CC BY 4.0: use them for anything,
        naming us as the source), are described in <a href="/data/README.md">the open data README</a>.
      </p>

      <h2>Who we are not</h2>
      <p>
        {SITE_NAME} is independent: it is not run by, or affiliated with, {platform}. Links to performers'
        rooms carry our affiliate code, which is how the site pays for itself; it costs you nothing.
      </p>

      <h2 id="opt-out">Performers: leaving the site</h2>
      <p>
        If you are a performer and do not want to appear here, you can opt out in one step once you have shown
        us the room is yours: sign in, ask for a code at <code>/claim/yourusername</code>, put it in your room
        subject or about-me for a moment, then opt out at <code>/optout/yourusername</code>. The same, for
        scripts, is <code>POST /v1/verify_account</code> then:
      </p>
      <pre className="page__code">
        <code>
          {
            'POST /v1/optout\nAuthorization: Bearer {token}\nContent-Type: application/json\n\n{"performer": "yourusername"}'
          }
        </code>
      </pre>
      <p>
        It takes effect at once: you are left out of every ranking, search and page, out of every published
        file at the next publish, and we stop recording your room. You can come back the same way. What we
        keep and what your browser keeps is on the <Link to="/privacy">privacy</Link> page.
      </p>
      <p>
        Without an account, <code>POST /v1/optout</code> with just{" "}
        <code>{'{"performer": "yourusername"}'}</code> answers a one-time code (<code>CS-OUT-…</code>); put it
        in your room subject or about-me, and you are opted out, with the same effect, within minutes of our
        seeing it. <code>"optOut": false</code> gives the code (<code>CS-IN-…</code>) that brings you back. A
        code works once, only for the performer it was asked for, and expires within three days.
      </p>
    </article>
  );
}
