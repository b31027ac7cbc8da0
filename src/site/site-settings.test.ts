import { describe, expect, it } from "vitest";
import { feedbackEmailOf } from "./site-settings.ts";

describe("the account menu's feedback address", () => {
  it("is FEEDBACK_EMAIL, or feedback@ the public host, or feedback@localhost", () => {
    expect(feedbackEmailOf("hello@camstats.example", "https://stats.example")).toBe("hello@camstats.example");
    expect(feedbackEmailOf(undefined, "https://stats.example:8443/base")).toBe("feedback@stats.example");
    expect(feedbackEmailOf(undefined, undefined)).toBe("feedback@localhost");
    // An address literal makes no mail domain.
    expect(feedbackEmailOf(undefined, "http://10.0.0.5:3000")).toBe("feedback@localhost");
    expect(feedbackEmailOf(undefined, "http://[::1]:3000")).toBe("feedback@localhost");
  });
});
