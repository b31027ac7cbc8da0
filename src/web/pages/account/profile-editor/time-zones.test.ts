import { describe, expect, it } from "vitest";
import { filterZones, offsetText, timeZoneNames, zoneLabel, zoneMatches } from "./time-zones.ts";

const winter = Date.parse("2026-01-15T12:00:00Z");
const label = (zone: string) => zoneLabel(zone, winter);

describe("the timezone select's choices", () => {
  it("lists Intl's zones with UTC and the fallback, sorted", () => {
    const zones = timeZoneNames("Europe/Amsterdam");
    expect(zones).toContain("UTC");
    expect(zones).toContain("America/New_York");
    expect(zones).toEqual([...zones].sort());
  });

  it("labels a zone readably with its offset at the time", () => {
    expect(label("America/New_York")).toBe("America/New York (UTC-05:00)");
    expect(label("Asia/Kolkata")).toBe("Asia/Kolkata (UTC+05:30)");
    expect(offsetText(0)).toBe("+00:00");
  });

  it("narrows by every typed word, keeping the chosen zone", () => {
    const zones = ["America/New_York", "Asia/Kolkata", "Europe/Amsterdam", "Europe/London", "UTC"];
    expect(filterZones(zones, "new york", "UTC", label)).toEqual(["UTC", "America/New_York"]);
    expect(filterZones(zones, "EUROPE am", "Europe/London", label)).toEqual([
      "Europe/London",
      "Europe/Amsterdam",
    ]);
    expect(filterZones(zones, "05:30", "Asia/Kolkata", label)).toEqual(["Asia/Kolkata"]);
    expect(filterZones(zones, "  ", "UTC", label)).toEqual(zones);
  });
});

describe("zoneMatches", () => {
  it("matches every word anywhere in the label, whatever the case and separators", () => {
    expect(zoneMatches("America/New York (UTC-05:00)", "york new")).toBe(true);
    expect(zoneMatches("America/New York (UTC-05:00)", "america_new")).toBe(true);
    expect(zoneMatches("America/New York (UTC-05:00)", "paris")).toBe(false);
  });
});
