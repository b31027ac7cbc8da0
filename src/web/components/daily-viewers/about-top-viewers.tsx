import { Link } from "react-router";

/**
 * The explanatory section on top viewers (SPEC §2): how the list is made, in the words of
 * docs/published-files.md and DESIGN.md §4, so a visitor can tell what the numbers mean.
 */
export function AboutTopViewers({ platformName }: { platformName: string }) {
  return (
    <section className="about-top-viewers" aria-labelledby="about-top-viewers-title">
      <h2 id="about-top-viewers-title">How the Top 100 is made</h2>
      <p>
        Every minute we read {platformName}'s public list of online rooms. A performer's score for a day is
        the most viewers their room had at once in a public show during that day, a whole day in UTC from
        00:00 to 24:00. The 100 highest make the list; ties go to the performer with more followers.
      </p>
      <p>
        Viewers are shown as a range rather than an exact count: &lt;10, &lt;50 or &lt;100 for small rooms,
        then by the hundred (100+, 200+, …). Followers are as last counted that day, beside the change over
        the week that ends with it. A stream that runs past midnight by less than 15 minutes counts for the
        day it started only.
      </p>
      <p>
        The lists update once a day, shortly after midnight UTC. Private and hidden shows are not in the
        platform's public list, so they do not count. For a longer view, see the{" "}
        <Link to="/top/performers">top performers of the last 30 days</Link> or the{" "}
        <Link to="/top/followers">most followed</Link>; <Link to="/about">about</Link> says more about where
        the numbers come from.
      </p>
    </section>
  );
}
