import { describe, expect, it } from "vitest";
import { aboutPreview } from "./about-preview.ts";

describe("the about-me preview", () => {
  it("says nothing changed for plain words", () => {
    expect(aboutPreview("Evenings & <b>music\nhi")).toEqual({
      shown: "Evenings & <b>music\nhi",
      masked: false,
      addressesRemoved: false,
    });
  });

  it("says which rule changed it: a masked word, an address taken out", () => {
    expect(aboutPreview("call me on Skype")).toEqual({
      shown: "call me on *****",
      masked: true,
      addressesRemoved: false,
    });
    expect(aboutPreview("see www.example.com now")).toMatchObject({
      shown: "see now",
      masked: false,
      addressesRemoved: true,
    });
    // Asked twice, the same answer (no regular expression state carried over).
    expect(aboutPreview("skype").masked).toBe(true);
    expect(aboutPreview("skype").masked).toBe(true);
  });

  it("shows nothing for a text with closing or link tags", () => {
    expect(aboutPreview("<a href=x>me</a>")).toEqual({ shown: null, masked: false, addressesRemoved: false });
  });
});
