import { describe, expect, it } from "vitest";
import {
  BAD_DAYS_TEXT,
  comparePath,
  notANameText,
  readCompareQuery,
  TOO_MANY_TEXT,
  usernameOf,
} from "./compare-query.ts";

const read = (query: string) => readCompareQuery(new URLSearchParams(query));

describe("the compare page's address", () => {
  it("reads names and days, lowercased, once each, in order", () => {
    expect(read("performers=Ann,bea, ann&days=90")).toEqual({
      performers: ["ann", "bea"],
      days: 90,
      problems: [],
      edited: false,
    });
    expect(read("")).toEqual({ performers: [], days: 30, problems: [], edited: false });
  });

  it("says what it left out", () => {
    const query = read("performers=a,<b>,c,d,e,f,g&days=12");
    expect(query.performers).toEqual(["a", "c", "d", "e", "f"]);
    expect(query.days).toBe(30);
    expect(query.problems).toEqual([notANameText("<b>"), TOO_MANY_TEXT, BAD_DAYS_TEXT]);
    expect(notANameText("x".repeat(100))).toContain(`${"x".repeat(40)}…"`);
  });

  it("folds in the no-script form's add and remove", () => {
    expect(read("performers=ann,bea&add=Cat&days=7")).toMatchObject({
      performers: ["ann", "bea", "cat"],
      edited: true,
    });
    expect(read("performers=ann,bea&remove=ann")).toMatchObject({ performers: ["bea"], edited: true });
  });

  it("writes the address of a choice", () => {
    expect(comparePath(["ann", "bea"], 365)).toBe("/compare?performers=ann,bea&days=365");
    expect(comparePath(["ann"])).toBe("/compare?performers=ann&days=30");
    expect(usernameOf(" Ann_1 ")).toBe("ann_1");
    expect(usernameOf("a b")).toBeNull();
  });
});
