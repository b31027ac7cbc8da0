import { describe, expect, it } from "vitest";
import { genderNameOfCode, RANKING_WORD, readPageGender, TRAFFIC_KEY } from "./page-genders.ts";

describe("the page-level gender words", () => {
  it("reads SPEC §3's words and the rankings' women and men", () => {
    expect(readPageGender("female")).toEqual({ gender: "female", canonical: true });
    expect(readPageGender("all")).toEqual({ gender: "all", canonical: true });
    expect(readPageGender("women")).toEqual({ gender: "female", canonical: false });
    expect(readPageGender("men")).toEqual({ gender: "male", canonical: false });
    expect(readPageGender("f")).toBeNull();
  });

  it("maps to the traffic files' keys and the ranking files' words", () => {
    expect(TRAFFIC_KEY).toEqual({ all: "all", couples: "c", female: "f", male: "m", trans: "t" });
    expect(RANKING_WORD.female).toBe("women");
    expect(RANKING_WORD.male).toBe("men");
  });
});

describe("a gender code's name", () => {
  it("names the feed's and the search's codes, every trans kind as Trans", () => {
    expect(["f", "m", "c", "s", "t", "tf", "tm", "tn"].map(genderNameOfCode)).toEqual([
      "Female",
      "Male",
      "Couple",
      "Trans",
      "Trans",
      "Trans",
      "Trans",
      "Trans",
    ]);
    expect(genderNameOfCode(null)).toBeNull();
    expect(genderNameOfCode("x")).toBeNull();
  });
});
