import { describe, expect, it } from "vitest";
import { senderOf } from "./sender.ts";

describe("senderOf", () => {
  it("is MAIL_FROM when set", () => {
    const from = { name: "Team", address: "team@example.com" };
    expect(senderOf({ MAIL_FROM: from, PUBLIC_URL: "https://camstats.example" })).toBe(from);
  });

  it("is no-reply at the public host, or at localhost, by the site's name", () => {
    expect(senderOf({ MAIL_FROM: undefined, PUBLIC_URL: "https://www.camstats.example/base" })).toEqual({
      name: "camstats",
      address: "no-reply@www.camstats.example",
    });
    expect(senderOf({ MAIL_FROM: undefined, PUBLIC_URL: undefined })).toEqual({
      name: "camstats",
      address: "no-reply@localhost",
    });
    expect(senderOf({ MAIL_FROM: undefined, PUBLIC_URL: "http://[::1]:3000" }).address).toBe(
      "no-reply@localhost",
    );
  });
});
