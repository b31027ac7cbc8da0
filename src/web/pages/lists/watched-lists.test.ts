import { describe, expect, it } from "vitest";
import type { UserSummary } from "../../lib/account/account-session.ts";
import type { ListView } from "../../lib/lists/list-data.ts";
import { watchedOf } from "./watched-lists-panel.tsx";

const view = (listId: string): ListView => ({
  listId,
  name: listId,
  description: "",
  isPublic: true,
  performers: [],
  image: null,
});

describe("watchedOf", () => {
  it("gives the watched lists in watchedLists' order, the person's own marked", () => {
    const summary: UserSummary = {
      userInfo: {
        accountVerifiedForPerformer: null,
        watchedLists: ["theirs", "mine", "gone"],
        lastActivityTime: null,
      },
      ownedLists: [view("mine"), view("unwatched")],
      allLists: [view("mine"), view("unwatched"), view("theirs")],
    };
    expect(watchedOf(summary)).toEqual([
      { list: view("theirs"), mine: false },
      { list: view("mine"), mine: true },
    ]);
  });
});
