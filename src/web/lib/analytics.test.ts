import { describe, expect, it } from "vitest";
import { bareAddress } from "./analytics.ts";

describe("the address an analytics event carries", () => {
  it("keeps the origin and path, never the query or fragment (a search text, a token, a code)", () => {
    expect(bareAddress("https://stats.example/search/anna?tag=asian&page=2#r")).toBe(
      "https://stats.example/search/anna",
    );
    expect(bareAddress("https://stats.example/reset?token=secret")).toBe("https://stats.example/reset");
    expect(bareAddress("http://127.0.0.1:3000/")).toBe("http://127.0.0.1:3000/");
  });

  it("is none for what is no address", () => {
    expect(bareAddress("")).toBeNull();
    expect(bareAddress("not an address")).toBeNull();
  });
});
