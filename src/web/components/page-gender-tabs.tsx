import { TabLinks } from "./tab-links.tsx";

export interface PageGenderTab {
  gender: string;
  label: string;
  path: string;
}

/**
 * Gender tabs for the pages that use the page-level gender words (SPEC §3: /traffic, /map), like
 * the rankings' tabs; the current tab does nothing when clicked.
 */
export function PageGenderTabs({ current, tabs }: { current: string; tabs: readonly PageGenderTab[] }) {
  return (
    <TabLinks
      name="Gender"
      ignoreCurrent
      tabs={tabs.map(({ gender, label, path }) => ({
        key: gender,
        label,
        path,
        current: gender === current,
      }))}
    />
  );
}
