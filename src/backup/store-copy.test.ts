import { describe, expect, it } from "vitest";
import { familiesOfBackup } from "./store-copy.ts";

describe("familiesOfBackup", () => {
  it("reads a backup made before the bucket stores, whose images folder held both image families", () => {
    expect([...familiesOfBackup(["images", "thumbs", "publish"])].sort()).toEqual([
      "images",
      "images/lists",
      "images/profiles",
      "publish",
      "thumbs",
    ]);
  });

  it("takes today's names as they are", () => {
    expect([...familiesOfBackup(["images/profiles", "publish"])].sort()).toEqual([
      "images/profiles",
      "publish",
    ]);
  });
});
