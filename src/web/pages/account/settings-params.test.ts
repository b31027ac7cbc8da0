import { describe, expect, it } from "vitest";
import { readSettingsNotice, withoutNotice } from "./settings-params.ts";

const notice = (query: string) => readSettingsNotice(new URLSearchParams(query));

describe("what /settings was sent to say", () => {
  it("reads a confirmation link's outcome, a reset token and a failed Google sign-in", () => {
    expect(notice("email=verified")).toEqual({ email: "verified", resetToken: null, googleFailed: null });
    expect(notice("email=expired").email).toBe("expired");
    expect(notice("email=bogus").email).toBeNull();
    expect(notice("reset=abcDEF123_-.~xyz").resetToken).toBe("abcDEF123_-.~xyz");
    expect(notice("reset=short").resetToken).toBeNull();
    expect(notice("reset=has spaces in it").resetToken).toBeNull();
    expect(notice("signin=google-failed&reason=access_denied").googleFailed).toEqual({
      reason: "access_denied",
    });
    expect(notice("signin=google-failed&reason=<b>").googleFailed).toEqual({ reason: null });
    expect(notice("signin=other").googleFailed).toBeNull();
  });

  it("takes the one-time parameters off the address and keeps the rest", () => {
    expect(withoutNotice("/settings", new URLSearchParams(""))).toBeNull();
    expect(withoutNotice("/settings", new URLSearchParams("reset=abcdefghijk"))).toBe("/settings");
    expect(withoutNotice("/settings", new URLSearchParams("email=verified&x=1"), "#top")).toBe(
      "/settings?x=1#top",
    );
    expect(withoutNotice("/settings", new URLSearchParams("signin=google-failed&reason=x"))).toBe(
      "/settings",
    );
  });
});
