import { Link } from "react-router";
import { blogPostPath } from "../../../site/urls/blog.ts";

/** The blog post that explains the list in full (content/blog). */
export const TOP_VIEWERS_POST = blogPostPath("how-the-top-100-is-made");

/**
 * The explanatory section on top viewers (SPEC §2): the rule in short, and the blog post that
 * explains it in full (the ranges, the day, what the list cannot see), so a visitor can tell what
 * the numbers mean.
 */
export function AboutTopViewers({ platformName }: { platformName: string }) {
  return (
    <section className="about-top-viewers" aria-labelledby="about-top-viewers-title">
      <h2 id="about-top-viewers-title">How the Top 100 is made</h2>
      <p>
        Every minute we read {platformName}'s public list of online rooms. A performer's score for a day is
        the most viewers their room had at once in a public show during that day, a whole day in UTC from
        00:00 to 24:00. The 100 highest make the list; ties go to the performer with more followers. Viewers
        are shown as a range (&lt;10, &lt;50, &lt;100, then by the hundred), and the lists update once a day,
        shortly after midnight UTC.
      </p>
      <p>
        <Link to={TOP_VIEWERS_POST}>Read how the Top 100 is made</Link> on our blog: the ranges, the midnight
        rule, and what a public list cannot see. For a longer view, see the{" "}
        <Link to="/top/performers">top performers of the last 30 days</Link> or the{" "}
        <Link to="/top/followers">most followed</Link>; <Link to="/about">about</Link> says more about where
        the numbers come from.
      </p>
    </section>
  );
}
