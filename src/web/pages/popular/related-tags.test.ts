import { describe, expect, it } from "vitest";
import { relatedTags } from "./related-tags.ts";

const rows = (...tags: string[][]) => tags.map((t) => ({ t }));

describe("relatedTags", () => {
  it("counts each other tag once per row, most shared first, ties by name", () => {
    const related = relatedTags(
      rows(
        ["asian", "feet", "lovense"],
        ["asian", "lovense"],
        ["asian", "feet", "feet"],
        ["asian", "bigboobs", "lovense"],
        ["asian", "bigboobs"],
      ),
      "asian",
    );
    expect(related).toEqual([
      { tag: "lovense", count: 3 },
      { tag: "bigboobs", count: 2 },
      { tag: "feet", count: 2 },
    ]);
  });
  it("leaves out the tag itself and tags on one row only", () => {
    expect(relatedTags(rows(["asian", "once"], ["asian"]), "asian")).toEqual([]);
  });
  it("keeps at most the limit", () => {
    const many = rows(...Array.from({ length: 3 }, () => ["x", "a", "b", "c", "d"]));
    expect(relatedTags(many, "x", 2).map((r) => r.tag)).toEqual(["a", "b"]);
  });
});
