import { Link } from "react-router";
import { blogPostPath } from "../../../site/urls/blog.ts";
import type { RankedFamily } from "../../lib/ranked-lists/page-data.ts";

/** The blog post that explains each family's list in full (content/blog). */
export const FAMILY_POSTS: Record<RankedFamily, { path: string; title: string }> = {
  followers: {
    path: blogPostPath("how-most-followed-and-rising-stars-are-made"),
    title: "how Most followed and Rising Stars are made",
  },
  growing: {
    path: blogPostPath("how-most-followed-and-rising-stars-are-made"),
    title: "how Most followed and Rising Stars are made",
  },
  performers: {
    path: blogPostPath("how-the-top-monthly-score-works"),
    title: "how the top monthly score works",
  },
  "2021": { path: blogPostPath("the-years-top-explained"), title: "the year's top, explained" },
  supporters: {
    path: blogPostPath("how-the-supporter-ranking-works"),
    title: "how the supporter ranking works",
  },
};

/**
 * A short paragraph per family (what the list ranks, over which period, when it updates), in the
 * words of docs/published-files.md and docs/formulas.md, so the numbers can be read.
 */
export function AboutRankedList({ family, platformName }: { family: RankedFamily; platformName: string }) {
  return (
    <section className="ranked-about" aria-labelledby="ranked-about-title">
      <h2 id="ranked-about-title">How this list is made</h2>
      <p>{TEXT[family](platformName)}</p>
      <p>
        Every minute we read {platformName}'s public list of online rooms; the lists are made from that
        history once a day, shortly after midnight GMT, for the day (UTC) that just ended. A performer is live
        when in the latest list of online rooms or seen under 5 minutes ago (
        <Link to={blogPostPath("how-the-live-state-works")}>how we know who is live</Link>).
      </p>
      <p>
        In full, on our blog: <Link to={FAMILY_POSTS[family].path}>{FAMILY_POSTS[family].title}</Link>.
      </p>
    </section>
  );
}

const TEXT: Record<RankedFamily, (platform: string) => string> = {
  followers: (platform) =>
    `Performers ranked by their followers on ${platform} as last counted on the list's day, beside the change over the 7 days that end with it. Details sum up their last 30 days: broadcasts, best rank among all rooms, most viewers at once and hours on cam.`,
  growing: (platform) =>
    `Performers ranked by the followers they gained on ${platform} over the 7 days ending with the list's day; ties go to the performer with more followers. Details sum up their last 30 days.`,
  performers: (platform) =>
    `Performers ranked by a score from 0 to 100 over the last 30 days on ${platform}: most viewers at once, best rank among all rooms, followers, follower gain over the week and time on cam, each on a fixed scale so a score does not move because someone else streamed.`,
  "2021": (platform) =>
    `Performers ranked by the same score as the top monthly list, over the calendar year 2021 on ${platform}.`,
  supporters: (platform) =>
    `A performer's supporters are their followers: this list ranks who won the most new followers on ${platform} during one day (UTC), or the most per hour online that day, with their minutes online and followers.`,
};
