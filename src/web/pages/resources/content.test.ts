import { describe, expect, it } from "vitest";
import { ContentFileError } from "../../../site/markdown.ts";
import { renderedSections, resourceSections } from "./content.server.ts";

describe("the /resources content files", () => {
  it("all parse, in the order of their names, one of them with the live figures", () => {
    const sections = renderedSections();
    expect(sections.map((s) => s.id)).toEqual(["rankings", "data", "safety", "tools"]);
    expect(sections.filter((s) => s.figures).map((s) => s.id)).toEqual(["data"]);
    for (const s of sections) {
      expect(s.title).not.toBe("");
      // Only our own paths, anchors and https addresses: no raw HTML, no other scheme.
      for (const [, href] of s.html.matchAll(/href="([^"]*)"/g))
        expect(href).toMatch(/^(\/[a-z#]|https:\/\/)/);
    }
  });

  it("refuse a file whose front matter is not the schema's", () => {
    expect(() => resourceSections({ "x.md": "---\nid: x\ntitle: X\ncolour: red\n---\nBody" })).toThrow(
      ContentFileError,
    );
    expect(() => resourceSections({ "y.md": "---\nid: Not An Id\ntitle: Y\n---\nBody" })).toThrow(
      "y.md: front matter id:",
    );
  });
});
