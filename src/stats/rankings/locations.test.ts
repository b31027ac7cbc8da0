import { describe, expect, it } from "vitest";
import { locationName, locationSlug } from "./locations.ts";

describe("locations", () => {
  it.each([
    ["CO", "Colombia", "colombia"],
    ["US", "United States", "united-states"],
    ["CI", "Côte d’Ivoire", "cote-d-ivoire"],
    ["BA", "Bosnia & Herzegovina", "bosnia-herzegovina"],
    ["ZZ", "ZZ", "zz"],
  ])("%s is %s, slug %s", (code, name, slug) => {
    expect(locationName(code)).toBe(name);
    expect(locationSlug(code)).toBe(slug);
  });
});
