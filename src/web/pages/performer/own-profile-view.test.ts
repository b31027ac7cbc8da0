import { describe, expect, it } from "vitest";
import { emptyProfile } from "../../../profiles/profile-rules.ts";
import { aboutMeToShow, ownProfileView } from "./own-profile-view.ts";

const now = Date.parse("2026-11-23T12:00:00Z");
const IMAGE = `/images/profiles/${"a".repeat(64)}.webp`;

describe("the verified profile as the pages show it", () => {
  const settings = {
    ...emptyProfile("alice_cam"),
    aboutMe: "Hi! See www.alice.example.com or skype me",
    schedule: { timezone: "Europe/Amsterdam", slots: [{ day: 2 as const, start: "19:00", end: "22:00" }] },
    goals: [
      { text: "New lights", tokens: 5000 },
      { text: "Trip", tokens: null },
    ],
    socials: { instagram: "https://instagram.com/alice", twitter: "https://x.com/alice" },
    tipMenu: [{ item: "Oil show", tokens: 350 }],
    profileImage: IMAGE,
    bannerImage: "https://elsewhere.example/banner.png",
  };

  it("is null without a verified account", () => {
    expect(ownProfileView(null, now)).toBeNull();
  });

  it("hides the goals' tokens unless the performer shows them", () => {
    expect(ownProfileView(settings, now)?.goals).toEqual([
      { text: "New lights", tokens: null },
      { text: "Trip", tokens: null },
    ]);
    const shown = ownProfileView({ ...settings, shouldDisplayGoalDetailsOnProfile: true }, now);
    expect(shown?.goals[0]).toEqual({ text: "New lights", tokens: 5000 });
  });

  it("shows the tip menu with its prices", () => {
    expect(ownProfileView(settings, now)?.tipMenu).toEqual([{ item: "Oil show", tokens: 350 }]);
  });

  it("applies SPEC §5 to the about-me, orders the links, keeps only our own images", () => {
    const view = ownProfileView(settings, now);
    expect(view?.aboutMe).toBe("Hi! See or ***** me");
    expect(view?.socials.map((s) => s.label)).toEqual(["X (Twitter)", "Instagram"]);
    expect(view?.profileImage).toBe(IMAGE);
    expect(view?.bannerImage).toBeNull();
  });

  it("works out the next stream at render time, and no schedule for no slots", () => {
    const view = ownProfileView(settings, now);
    expect(view?.schedule?.next?.start).toBe(Date.parse("2026-11-24T18:00:00Z"));
    expect(view?.renderedAt).toBe(now);
    const none = ownProfileView({ ...settings, schedule: { timezone: "UTC", slots: [] } }, now);
    expect(none?.schedule).toBeNull();
  });

  it("shows the performer's own about-me when written, else the fetched one", () => {
    expect(aboutMeToShow("Mine", "Fetched")).toBe("Mine");
    expect(aboutMeToShow("  ", "Fetched")).toBe("Fetched");
    expect(aboutMeToShow(undefined, null)).toBeNull();
  });
});
