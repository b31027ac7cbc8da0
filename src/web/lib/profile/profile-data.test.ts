import { describe, expect, it } from "vitest";
import {
  MAX_ABOUT_ME,
  MAX_GOAL_TEXT,
  MAX_GOAL_TOKENS,
  MAX_GOALS,
  MAX_SLOTS,
  MAX_TIP_MENU,
  MAX_TIP_MENU_ITEM,
  MAX_TIP_MENU_TOKENS,
  SOCIAL_HOSTS,
} from "../../../profiles/profile-rules.ts";
import {
  ABOUT_ME_MAX,
  GOAL_TEXT_MAX,
  GOAL_TOKENS_MAX,
  GOALS_MAX,
  SLOTS_MAX,
  SOCIAL_NETWORKS,
  socialLinks,
  TIP_MENU_ITEM_MAX,
  TIP_MENU_MAX,
  TIP_MENU_TOKENS_MAX,
} from "./profile-data.ts";

describe("the profile's rules as the page knows them", () => {
  it("are the server's", () => {
    expect([ABOUT_ME_MAX, SLOTS_MAX, GOALS_MAX, GOAL_TEXT_MAX, GOAL_TOKENS_MAX]).toEqual([
      MAX_ABOUT_ME,
      MAX_SLOTS,
      MAX_GOALS,
      MAX_GOAL_TEXT,
      MAX_GOAL_TOKENS,
    ]);
    expect([TIP_MENU_MAX, TIP_MENU_ITEM_MAX, TIP_MENU_TOKENS_MAX]).toEqual([
      MAX_TIP_MENU,
      MAX_TIP_MENU_ITEM,
      MAX_TIP_MENU_TOKENS,
    ]);
    expect(Object.fromEntries(SOCIAL_NETWORKS.map(({ network, hosts }) => [network, hosts]))).toEqual(
      SOCIAL_HOSTS,
    );
  });

  it("lists the links that are set, in the networks' order", () => {
    expect(
      socialLinks({ telegram: "https://t.me/a", twitter: "https://x.com/a", reddit: "" }).map(
        (l) => l.network,
      ),
    ).toEqual(["twitter", "telegram"]);
  });
});
