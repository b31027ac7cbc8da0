import { Link } from "react-router";
import type { RankedFamily } from "../../lib/ranked-lists/page-data.ts";

/** The site's rankings, in the top navigation's words (SPEC §2) where it names them. */
const RANKINGS: { family: RankedFamily | "viewers" | "overview"; path: string; label: string }[] = [
  { family: "viewers", path: "/top/viewers", label: "Top 100" },
  { family: "followers", path: "/top/followers", label: "Most followed" },
  { family: "growing", path: "/top/growing", label: "Rising Stars" },
  { family: "performers", path: "/top/performers", label: "Top Monthly" },
  { family: "supporters", path: "/top/supporters", label: "Most new followers" },
  { family: "2021", path: "/top/2021", label: "Top of 2021" },
  { family: "overview", path: "/top", label: "Top Overall" },
];

/** Links between the ranked lists; the current family's is marked, not a link away. */
export function RankedListLinks({ current }: { current: RankedFamily }) {
  return (
    <nav className="ranked-links" aria-label="Rankings">
      <ul className="link-row">
        {RANKINGS.map(({ family, path, label }) => (
          <li key={family}>
            <Link to={path} aria-current={family === current ? "page" : undefined}>
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
