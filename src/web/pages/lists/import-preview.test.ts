import { describe, expect, it } from "vitest";
import type { ImportAnswer } from "../../lib/lists/list-data.ts";
import {
  IMPORT_EMPTY,
  IMPORT_MAX_CHARS,
  IMPORT_TOO_LONG,
  importButtonLabel,
  importDoneText,
  importTextProblem,
  isImportFile,
  namesText,
  namesToAdd,
  previewGroups,
} from "./import-preview.ts";

const list = {
  listId: "AbC123xyz789",
  name: "Faves",
  description: "",
  isPublic: false,
  performers: [],
  image: null,
};

describe("the import's preview", () => {
  it("adds the found names that the list does not hold yet", () => {
    expect(namesToAdd({ found: ["a", "b", "c"], alreadyInList: ["b"] })).toEqual(["a", "c"]);
  });

  it("groups a check's answer, empty groups left out, with counts in the headings", () => {
    const answer: ImportAnswer = {
      found: ["ann", "bea", "cat"],
      unknown: ["nobody"],
      duplicates: ["ann"],
      alreadyInList: ["cat"],
      added: [],
      list,
    };
    expect(previewGroups(answer)).toEqual([
      { key: "add", heading: "2 performers to add", names: ["ann", "bea"] },
      { key: "already", heading: "1 is already in the list", names: ["cat"] },
      { key: "unknown", heading: "1 name we do not know (not added)", names: ["nobody"] },
      { key: "duplicates", heading: "1 name given more than once (added once)", names: ["ann"] },
    ]);
    const clean = { ...answer, unknown: [], duplicates: [], alreadyInList: [] };
    expect(previewGroups(clean).map((g) => g.heading)).toEqual(["3 performers to add"]);
  });

  it("shortens a long group of names with how many more", () => {
    expect(namesText(["a", "b"])).toBe("a, b");
    const many = Array.from({ length: 45 }, (_, i) => `p${i}`);
    expect(namesText(many)).toMatch(/^p0, p1, .*, p39 and 5 more$/);
    expect(namesText(many, 2)).toBe("p0, p1 and 43 more");
  });

  it("labels the import button and the outcome in the singular and the plural", () => {
    expect(importButtonLabel(1)).toBe("Import 1 performer");
    expect(importButtonLabel(27)).toBe("Import 27 performers");
    expect(importButtonLabel(1200)).toBe("Import 1,200 performers");
    expect(importDoneText(27, "Faves")).toBe("Added 27 performers to Faves.");
  });

  it("checks the text before sending it", () => {
    expect(importTextProblem("  \n ")).toBe(IMPORT_EMPTY);
    expect(importTextProblem("x".repeat(IMPORT_MAX_CHARS + 1))).toBe(IMPORT_TOO_LONG);
    expect(importTextProblem("ann, bea")).toBeNull();
  });

  it("reads text files only", () => {
    expect(isImportFile({ name: "favourites.txt", type: "" })).toBe(true);
    expect(isImportFile({ name: "export.CSV", type: "" })).toBe(true);
    expect(isImportFile({ name: "list", type: "text/plain" })).toBe(true);
    expect(isImportFile({ name: "photo.png", type: "image/png" })).toBe(false);
    expect(isImportFile({ name: "page.html", type: "text/html" })).toBe(false);
  });
});
