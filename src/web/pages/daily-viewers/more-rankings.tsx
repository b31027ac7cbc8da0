import { Link } from "react-router";
import { GENDER_LABELS } from "../../../site/gender-labels.ts";
import { overviewPath } from "../../../site/urls/daily-viewers.ts";
import type { RankingGender } from "../../../stats/rankings/vocabulary.ts";

/**
 * Where to go from here (SPEC §2): the tag ranking overview for the same gender and tag, the top
 * monthly and most followed rankings, and the site's root for performers who are live now.
 */
export function MoreRankings({ gender, tag }: { gender: RankingGender; tag: string | null }) {
  const subject = [tag === null ? null : `#${tag}`, gender === "all" ? null : GENDER_LABELS[gender]]
    .filter((part): part is string => part !== null)
    .join(" ");
  return (
    <nav className="more-rankings" aria-label="More rankings">
      <ul className="link-row">
        <li>
          <Link to={overviewPath(gender, tag)}>
            {subject === "" ? "Every ranking at a glance" : `${subject} in every ranking`}
          </Link>
        </li>
        <li>
          <Link to="/top/performers">Top Monthly</Link>
        </li>
        <li>
          <Link to="/top/followers">Most followed</Link>
        </li>
        <li>
          <Link to="/">Check out other cams</Link>
        </li>
      </ul>
    </nav>
  );
}
