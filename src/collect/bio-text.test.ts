import { describe, expect, it } from "vitest";
import { ABOUT_ME_MAX_CHARS, cleanAboutMe } from "./bio-text.ts";

describe("cleanAboutMe", () => {
  it("drops NUL and other control characters but keeps newline and tab", () => {
    expect(cleanAboutMe("Hi\u0000 there\r\nsecond\tline\u0007\u001b[0m\u007f\u0085")).toBe(
      "Hi there\nsecond\tline[0m",
    );
  });

  it("trims surrounding whitespace, including what control characters left behind", () => {
    expect(cleanAboutMe("  \n\u0000 Online most evenings.\n \t")).toBe("Online most evenings.");
    expect(cleanAboutMe("\u0000\r\n  ")).toBe("");
  });

  it("keeps web addresses and markup: hiding them is the page's job (SPEC §5)", () => {
    const text = 'Links: <a href="https://linktr.ee/anna">linktr.ee/anna</a> and twitter.com/anna';
    expect(cleanAboutMe(text)).toBe(text);
  });

  it(`caps the text at ${ABOUT_ME_MAX_CHARS} characters, never splitting an emoji`, () => {
    expect(cleanAboutMe("a".repeat(5000))).toBe("a".repeat(ABOUT_ME_MAX_CHARS));
    const emoji = cleanAboutMe(`a${"💕".repeat(4500)}`);
    expect(Array.from(emoji)).toHaveLength(ABOUT_ME_MAX_CHARS);
    expect(emoji.endsWith("💕")).toBe(true);
    expect(emoji).not.toMatch(/\p{Cs}/u); // no lone surrogate
    expect(cleanAboutMe(`${"a".repeat(3999)} b`)).toBe("a".repeat(3999));
  });
});
