import { describe, expect, it } from "vitest";
import { socialLinkRefused } from "../../../../profiles/profile-rules.ts";
import { fieldMessage, networkOfParameter } from "./social-fields.ts";

describe("a link's refusal, by its field", () => {
  it("finds the network the parameter names, and nothing for others", () => {
    expect(networkOfParameter("socials.instagram")).toBe("instagram");
    expect(networkOfParameter("socials.myspace")).toBeNull();
    expect(networkOfParameter("performer")).toBeNull();
    expect(networkOfParameter(undefined)).toBeNull();
  });

  it("takes the parameter's name off the server's message", () => {
    expect(fieldMessage(`socials.instagram: ${socialLinkRefused("instagram")}`)).toBe(
      socialLinkRefused("instagram"),
    );
    expect(fieldMessage("Sign in first.")).toBe("Sign in first.");
  });
});
