import { describe, expect, it } from "vitest";
import {
  LIST_DESCRIPTION_MAX as RULE_DESCRIPTION_MAX,
  LIST_NAME_MAX as RULE_NAME_MAX,
} from "../../../lists/list-rules.ts";
import { MY_LISTS_PATH } from "../../components/account-menu.tsx";
import { LIST_DESCRIPTION_MAX, LIST_NAME_MAX, listFeedPath, listPath } from "../../lib/lists/list-data.ts";
import { LIST_TABS, listTabHref, MY_LISTS_TAB, readListTab } from "./list-tabs.ts";

describe("the /lists tabs", () => {
  it("reads the tab index from the address, anything else being the first tab", () => {
    expect(readListTab(null)).toBe(0);
    expect(readListTab("0")).toBe(0);
    expect(readListTab("1")).toBe(1);
    expect(readListTab("2")).toBe(2);
    for (const odd of ["3", "-1", "01", "1.0", "", "my", " 1"]) expect(readListTab(odd), odd).toBe(0);
  });

  it("writes each tab's address, the first without a parameter", () => {
    expect(LIST_TABS).toEqual(["Public lists", "My Lists", "Watched"]);
    expect(listTabHref(0)).toBe("/lists");
    expect(listTabHref(1)).toBe("/lists?tab=1");
    expect(listTabHref(2)).toBe("/lists?tab=2");
  });

  it("is where the account menu's My Lists goes (SPEC §2: tab index 1)", () => {
    expect(listTabHref(MY_LISTS_TAB)).toBe(MY_LISTS_PATH);
    expect(readListTab(new URL(MY_LISTS_PATH, "http://x").searchParams.get("tab"))).toBe(1);
  });
});

describe("the lists' addresses and limits", () => {
  it("keeps the forms' limits equal to the server's rules", () => {
    expect(LIST_NAME_MAX).toBe(RULE_NAME_MAX);
    expect(LIST_DESCRIPTION_MAX).toBe(RULE_DESCRIPTION_MAX);
  });

  it("makes a list's page and feed addresses", () => {
    expect(listPath("AbC123xyz789")).toBe("/lists/AbC123xyz789");
    expect(listFeedPath("AbC123xyz789")).toBe("/lists/AbC123xyz789/feed.atom");
  });
});
