import { describe, expect, it } from "vitest";
import { mapPath, readMapGender } from "./url.ts";

describe("the map's addresses", () => {
  it("uses the page-level gender words", () => {
    expect(readMapGender(undefined)).toEqual({ gender: "all" });
    for (const g of ["couples", "female", "male", "trans"] as const)
      expect(readMapGender(g)).toEqual({ gender: g });
    expect(mapPath("all")).toBe("/map");
    expect(mapPath("female")).toBe("/map/female");
  });

  it("redirects the rankings' spelling, all and capitals to the page's own address", () => {
    expect(readMapGender("women")).toEqual({ redirect: "/map/female" });
    expect(readMapGender("men")).toEqual({ redirect: "/map/male" });
    expect(readMapGender("all")).toEqual({ redirect: "/map" });
    expect(readMapGender("Female")).toEqual({ redirect: "/map/female" });
  });

  it("knows no other gender", () => {
    expect(readMapGender("f")).toBeNull();
    expect(readMapGender("colombia")).toBeNull();
  });
});
