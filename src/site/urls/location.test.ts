import { describe, expect, it } from "vitest";
import { countryOfLocation } from "../../web/pages/location/country-of.ts";
import { locationPath, readLocationAddress } from "./location.ts";

describe("the location addresses", () => {
  it("uses the rankings' gender words", () => {
    expect(readLocationAddress("colombia", undefined)).toEqual({ location: "colombia", gender: "all" });
    expect(readLocationAddress("colombia", "women")).toEqual({ location: "colombia", gender: "women" });
    expect(readLocationAddress("united-states", "couples")).toEqual({
      location: "united-states",
      gender: "couples",
    });
    expect(locationPath("colombia", "men")).toBe("/location/colombia/men");
    expect(locationPath("colombia", "all")).toBe("/location/colombia");
  });

  it("redirects the page-level spelling, all and capitals", () => {
    expect(readLocationAddress("colombia", "female")).toEqual({ redirect: "/location/colombia/women" });
    expect(readLocationAddress("colombia", "male")).toEqual({ redirect: "/location/colombia/men" });
    expect(readLocationAddress("colombia", "all")).toEqual({ redirect: "/location/colombia" });
    expect(readLocationAddress("Colombia", undefined)).toEqual({ redirect: "/location/colombia" });
    expect(readLocationAddress("colombia", "Women")).toEqual({ redirect: "/location/colombia/women" });
  });

  it("refuses what cannot be a location or gender", () => {
    expect(readLocationAddress("a b", undefined)).toBeNull();
    expect(readLocationAddress("../x", undefined)).toBeNull();
    expect(readLocationAddress("colombia", "f")).toBeNull();
    expect(readLocationAddress(undefined, undefined)).toBeNull();
  });

  it("finds a location's country code from its slug", () => {
    expect(countryOfLocation("colombia")).toBe("CO");
    expect(countryOfLocation("united-states")).toBe("US");
    expect(countryOfLocation("cote-d-ivoire")).toBe("CI");
    expect(countryOfLocation("atlantis")).toBeNull();
  });
});
