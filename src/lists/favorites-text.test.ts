import { describe, expect, it } from "vitest";
import { favoritesNames } from "./favorites-text.ts";

describe("favoritesNames: the usernames of an import", () => {
  it("takes names and room addresses separated by spaces, commas, semicolons and lines", () => {
    const text =
      "Alice, bella;cleo\n <https://platform.example/dana/>\r\nhttp://platform.example/Eve?tour=1\t@fay";
    expect(favoritesNames(text)).toEqual({
      names: ["alice", "bella", "cleo", "dana", "eve", "fay"],
      duplicates: [],
      invalid: [],
    });
  });

  it("reports repeats once each, whatever their case or form", () => {
    const result = favoritesNames("alice ALICE https://platform.example/alice/ bella bella");
    expect(result.names).toEqual(["alice", "bella"]);
    expect(result.duplicates).toEqual(["alice", "bella"]);
  });

  it("sets aside what cannot be a username, shortened when long", () => {
    const long = "x".repeat(100);
    const result = favoritesNames(`ok_name <script> ${long}! ünïcode`);
    expect(result.names).toEqual(["ok_name"]);
    expect(result.invalid).toEqual(["<script>", `${"x".repeat(80)}…`, "ünïcode"]);
  });

  it("finds nothing in empty or blank text", () => {
    expect(favoritesNames(" \n\t ,;")).toEqual({ names: [], duplicates: [], invalid: [] });
  });
});
