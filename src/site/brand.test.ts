import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BRAND_COLOURS, LOGO_FILES, logoSvg } from "./brand.ts";

const baseCss = readFileSync(new URL("../web/styles/base.css", import.meta.url), "utf8");
/** The colour custom properties of base.css's :root, in order. */
const declared = [...baseCss.matchAll(/^\s*(--[a-z-]+):\s*(#[0-9a-f]{6});/gim)].map((m) => [
  m[1],
  m[2]?.toLowerCase(),
]);

describe("the brand colours", () => {
  it("are base.css's colour variables with their values, every one of them", () => {
    expect(BRAND_COLOURS.map((c) => [c.variable, c.hex])).toEqual(declared);
  });
});

describe("logoSvg", () => {
  it("draws each form as a standalone SVG with its title", () => {
    for (const { form, theme } of LOGO_FILES) {
      const svg = logoSvg(form, theme);
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]* role="img"/);
      expect(svg).toContain(
        form === "logo" ? "<title>camstats logo</title>" : "<title>camstats icon</title>",
      );
    }
  });
  it("uses the brand square on light and brand bars on dark; the name in ink or night-ink", () => {
    expect(logoSvg("icon", "light")).toContain('rx="64" fill="#b4235a"');
    expect(logoSvg("icon", "dark")).toContain('fill="#ecebf0"');
    expect(logoSvg("logo", "light")).toContain('fill="#1d1b22">camstats</text>');
    expect(logoSvg("logo", "dark")).toContain('fill="#ecebf0">camstats</text>');
  });
});
