import { describe, expect, it } from "vitest";
import { extractLinks } from "./links.ts";

describe("extractLinks", () => {
  it("finds the links of the text, without a sentence's punctuation, each once and in order", () => {
    const text =
      "Confirm your address: https://camstats.example/verify?token=abc&next=%2Fsettings.\n" +
      "Or copy (https://camstats.example/verify?token=abc&next=%2Fsettings) and see http://localhost:3000/about, thanks!";
    expect(extractLinks(text, null)).toEqual([
      "https://camstats.example/verify?token=abc&next=%2Fsettings",
      "http://localhost:3000/about",
    ]);
  });

  it("reads the HTML part's hrefs, entities decoded, after the text's", () => {
    const html =
      "<p><a href=\"https://x.example/reset?a=1&amp;b=2\">Reset</a> <a href='http://y.example/'>y</a> " +
      '<a href=https://z.example/z>z</a> <a href="mailto:help@example.com">help</a></p>';
    expect(extractLinks("See https://w.example/", html)).toEqual([
      "https://w.example/",
      "https://x.example/reset?a=1&b=2",
      "http://y.example/",
      "https://z.example/z",
    ]);
  });

  it("keeps nothing but http and https: the page makes them clickable", () => {
    const html =
      '<a href="javascript:alert(1)">x</a><a href="data:text/html,hi">y</a><a href=" JAVASCRIPT:alert(1)">z</a>';
    expect(extractLinks("javascript:alert(1) ftp://files.example/x", html)).toEqual([]);
  });

  it("finds none in a mail without links", () => {
    expect(extractLinks("Welcome!", "<p>Welcome!</p>")).toEqual([]);
  });
});
