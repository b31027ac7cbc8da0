import { Link } from "react-router";
import { GENDER_LABELS } from "../../../site/gender-labels.ts";
import type { RankingGender } from "../../../stats/rankings/vocabulary.ts";

/**
 * The gender tabs (SPEC §2). Links, so they work without scripts; with them, a click navigates in
 * place (a new history entry, the loader refetches the list). The current gender's tab does
 * nothing when clicked (SPEC §4: a switch to the same gender is ignored).
 */
export function GenderTabs({
  current,
  tabs,
}: {
  current: RankingGender;
  tabs: readonly { gender: RankingGender; path: string }[];
}) {
  return (
    <nav className="gender-tabs" aria-label="Gender">
      <ul className="gender-tabs__list">
        {tabs.map(({ gender, path }) => {
          const selected = gender === current;
          return (
            <li key={gender}>
              <Link
                to={path}
                className="gender-tabs__tab"
                aria-current={selected ? "page" : undefined}
                preventScrollReset
                onClick={selected ? (event) => event.preventDefault() : undefined}
              >
                {GENDER_LABELS[gender]}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
