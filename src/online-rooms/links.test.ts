import { describe, expect, it } from "vitest";
import { AGE_SECTIONS, ageSectionLink, isUsername, roomLink } from "./links.ts";

const settings = { site: "https://platform.example", campaign: "Camp 1" };

describe("roomLink", () => {
  it("is the feed's room link: tour, campaign, track and room", () => {
    expect(roomLink(settings, "anna")).toBe(
      "https://platform.example/in/?tour=LQps&campaign=Camp+1&track=default&room=anna",
    );
  });

  it("carries the list's filters, each repeated", () => {
    const url = new URL(roomLink(settings, "anna", { genders: ["f", "c"], tags: ["asian", "latina"] }));
    expect(url.searchParams.get("campaign")).toBe("Camp 1");
    expect(url.searchParams.get("room")).toBe("anna");
    expect(url.searchParams.getAll("gender")).toEqual(["f", "c"]);
    expect(url.searchParams.getAll("tag")).toEqual(["asian", "latina"]);
  });
});

describe("ageSectionLink", () => {
  it("goes to the platform's section of the same name, with the campaign", () => {
    expect(AGE_SECTIONS.map((section) => ageSectionLink(settings, section))).toEqual([
      "https://platform.example/teen-cams/?tour=LQps&campaign=Camp+1&track=default",
      "https://platform.example/18to21-cams/?tour=LQps&campaign=Camp+1&track=default",
      "https://platform.example/20to30-cams/?tour=LQps&campaign=Camp+1&track=default",
      "https://platform.example/30to50-cams/?tour=LQps&campaign=Camp+1&track=default",
      "https://platform.example/mature-cams/?tour=LQps&campaign=Camp+1&track=default",
    ]);
  });
});

describe("isUsername", () => {
  it("takes what the platform's usernames are", () => {
    for (const name of ["anna", "sweet_anna", "x.y-z_9", "_anna", "9lives"])
      expect(isUsername(name), name).toBe(true);
    for (const name of ["", "Anna", "-anna", ".anna", "an na", "anna/x", "a".repeat(65), "ánna"]) {
      expect(isUsername(name), name).toBe(false);
    }
  });
});
