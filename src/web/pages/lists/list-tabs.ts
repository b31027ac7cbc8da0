/**
 * The /lists page's tabs (SPEC §2: "The My Lists view is the /lists page with tab index 1"). The
 * tab is the address's `tab` parameter, its index: absent or 0 is Public lists, 1 My Lists, 2
 * Watched; anything else reads as the first tab, so an old or mistyped link still shows a page.
 */
export const LIST_TABS = ["Public lists", "My Lists", "Watched"] as const;

export type ListTab = 0 | 1 | 2;

export const MY_LISTS_TAB: ListTab = 1;

export function readListTab(value: string | null): ListTab {
  if (value === "1") return 1;
  if (value === "2") return 2;
  return 0;
}

/** The tab's address: /lists for the first (the canonical one), /lists?tab=N for the others. */
export function listTabHref(tab: ListTab): string {
  return tab === 0 ? "/lists" : `/lists?tab=${tab}`;
}
