import { GENDER_LABELS } from "../../../site/gender-labels.ts";
import type { RankingGender } from "../../../stats/rankings/vocabulary.ts";
import { TabLinks } from "../tab-links.tsx";

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
    <TabLinks
      name="Gender"
      ignoreCurrent
      tabs={tabs.map(({ gender, path }) => ({
        key: gender,
        label: GENDER_LABELS[gender],
        path,
        current: gender === current,
      }))}
    />
  );
}
