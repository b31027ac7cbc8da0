import { describe, expect, it } from "vitest";
import { matches } from "./etag.ts";

describe("If-None-Match against an answer's weak ETag", () => {
  const tag = 'W/"abc"';
  it("matches the same tag, weak or strong, alone or in a list, and *", () => {
    expect(matches('W/"abc"', tag)).toBe(true);
    expect(matches('"abc"', tag)).toBe(true);
    expect(matches('W/"x", "abc" , W/"y"', tag)).toBe(true);
    expect(matches("*", tag)).toBe(true);
  });
  it("does not match another tag, an empty header or none", () => {
    expect(matches('W/"abd"', tag)).toBe(false);
    expect(matches('W/"x", W/"y"', tag)).toBe(false);
    expect(matches("", tag)).toBe(false);
    expect(matches(undefined, tag)).toBe(false);
  });
});
