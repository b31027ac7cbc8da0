import { describe, expect, it } from "vitest";
import { biocontextUrl, parseBiocontext } from "./bio-client.ts";

describe("the profile client", () => {
  it("asks the site's origin, with the username as one escaped path segment", () => {
    expect(biocontextUrl("https://site.example", "anna_x")).toBe(
      "https://site.example/api/biocontext/anna_x/",
    );
    expect(biocontextUrl("http://127.0.0.1:4000/", "a/b?c")).toBe(
      "http://127.0.0.1:4000/api/biocontext/a%2Fb%3Fc/",
    );
  });

  it("takes about_me as served, and null as a performer who wrote none", () => {
    const body = { follower_count: 5, location: "", about_me: " Hi\u0000 ", display_age: null };
    expect(parseBiocontext(JSON.stringify(body))).toEqual({ kind: "found", aboutMe: " Hi\u0000 " });
    expect(parseBiocontext('{"about_me": null, "extra": [1]}')).toEqual({ kind: "found", aboutMe: "" });
  });

  it("calls a body without a text about_me broken, so no empty text is stored for it", () => {
    expect(parseBiocontext('{"follower_count": 5}')).toEqual({
      kind: "failed",
      error: "answer without a text about_me",
    });
    expect(parseBiocontext('{"about_me": 12}').kind).toBe("failed");
    expect(parseBiocontext('["about_me"]')).toEqual({ kind: "failed", error: "answer is not a JSON object" });
    expect(parseBiocontext("null")).toEqual({ kind: "failed", error: "answer is not a JSON object" });
    expect(parseBiocontext('{"about_me": "tru')).toEqual({
      kind: "failed",
      error: "unparseable JSON (17 bytes)",
    });
  });
});
