import { describe, expect, it } from "vitest";
import { isSitePageName } from "./sitemap-documents.ts";

describe("isSitePageName", () => {
  it("is true for names whose /{username} is one of the site's own addresses", () => {
    for (const name of [
      "about",
      "Top",
      "tag",
      "go",
      "api",
      "robots.txt",
      "cams_wrapped",
      "cams-tokens",
      "4k",
    ]) {
      expect(isSitePageName(name, "cams"), name).toBe(true);
    }
    expect(isSitePageName("sitemap-performers-3.xml", "cams")).toBe(true);
    expect(isSitePageName("sitemap-lists-1.xml", "cams")).toBe(true);
  });

  it("is false for ordinary performer names, even ones that start like a page", () => {
    for (const name of ["ann", "aboutme", "topgirl", "other_wrapped", "settings_fan"]) {
      expect(isSitePageName(name, "cams"), name).toBe(false);
    }
  });
});
