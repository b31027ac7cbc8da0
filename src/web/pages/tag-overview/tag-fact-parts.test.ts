import { describe, expect, it } from "vitest";
import { factText, type ListTop, tagFact } from "./tag-fact-parts.ts";

const tops = (allGenders: boolean): ListTop[] => [
  { tab: "followers", username: "ann", allGenders },
  { tab: "monthly", username: "bea", allGenders: false },
  { tab: "viewers", username: "cat", allGenders: false },
  { tab: "growing", username: "dee", allGenders },
];

describe("tagFact (SPEC §2: the top performer of each list)", () => {
  it("names whom the lists rank once when they all rank the same", () => {
    expect(factText(tagFact({ gender: "all", tag: "asian" }, tops(false)))).toBe(
      "The most followed asian model is ann; the top monthly is bea; the most viewed is cat; the fastest rising is dee.",
    );
    expect(factText(tagFact({ gender: "women", tag: null }, tops(false)))).toBe(
      "The most followed female model is ann; the top monthly is bea; the most viewed is cat; the fastest rising is dee.",
    );
    expect(factText(tagFact({ gender: "couples", tag: null }, tops(false)))).toBe(
      "The most followed couple is ann; the top monthly is bea; the most viewed is cat; the fastest rising is dee.",
    );
  });

  it("names them again where a list is over every gender", () => {
    expect(factText(tagFact({ gender: "women", tag: "asian" }, tops(true)))).toBe(
      "The most followed asian model of any gender is ann; the top monthly asian female model is bea; the most viewed is cat; the fastest rising asian model of any gender is dee.",
    );
  });

  it("leaves out empty lists, and is nothing without any", () => {
    const some = tops(false).slice(2);
    expect(factText(tagFact({ gender: "all", tag: null }, some))).toBe(
      "The most viewed model is cat; the fastest rising is dee.",
    );
    expect(tagFact({ gender: "all", tag: null }, [])).toEqual([]);
  });

  it("gives the names apart, for links", () => {
    const parts = tagFact({ gender: "all", tag: null }, tops(false).slice(0, 1));
    expect(parts).toEqual([{ text: "The most followed model is " }, { username: "ann" }, { text: "." }]);
  });
});
