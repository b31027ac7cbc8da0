import { Link } from "react-router";
import { blogPostPath, blogTagPath } from "../../../site/urls/blog.ts";

/**
 * The explanatory text (SPEC §2): what each list ranks and over which period, and when they
 * change, in the words of docs/published-files.md.
 */
export function AboutOverview({ platformName }: { platformName: string }) {
  return (
    <section className="about-overview" aria-labelledby="about-overview-title">
      <h2 id="about-overview-title">What the four rankings mean</h2>
      <dl className="about-overview__list">
        <dt>Most followed</dt>
        <dd>
          Performers by their followers on {platformName}, as last counted when we saw them stream in the last
          30 days.
        </dd>
        <dt>Top Monthly</dt>
        <dd>
          Performers by a score from 0 to 100 over the last 30 days: how many viewers they drew, how their
          following grew, and how often and how long they streamed.
        </dd>
        <dt>Most viewed</dt>
        <dd>
          Performers by the most viewers their room had at once in a public show during the last day (a UTC
          day), shown as a range: &lt;10, &lt;50, &lt;100, then by the hundred.
        </dd>
        <dt>Fastest rising</dt>
        <dd>Performers by the followers they gained over the last week.</dd>
      </dl>
      <p>
        With a tag, each list holds the performers who used that tag in the period. A tag's most followed and
        fastest rising lists are kept for every gender together, so with a gender chosen those two tabs say
        "(all genders)". The rankings are updated once a day, at midnight GMT; who is live changes every
        minute.
      </p>
      <p>
        Each list is explained in full on our blog:{" "}
        <Link to={blogPostPath("how-the-top-100-is-made")}>the Top 100</Link>,{" "}
        <Link to={blogPostPath("how-the-top-monthly-score-works")}>the top monthly score</Link>,{" "}
        <Link to={blogPostPath("how-most-followed-and-rising-stars-are-made")}>
          most followed and rising stars
        </Link>
        , and <Link to={blogTagPath("rankings")}>every ranking</Link>.
      </p>
    </section>
  );
}
