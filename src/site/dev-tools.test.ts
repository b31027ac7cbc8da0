import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { accountMailProblem, devToolsRule, isLoopbackHost } from "./dev-tools.ts";

const real = { PLATFORM_FEED_URL: "https://feed.example", AFFILIATE_WM: "abc" };

describe("the development tools' rule (issue 27)", () => {
  it("is on with the sandbox and no public address", () => {
    for (const env of [
      {},
      { PUBLIC_URL: "http://localhost:3000" },
      { PUBLIC_URL: "http://127.0.0.1:8080" },
    ]) {
      const rule = devToolsRule(loadConfig(env));
      expect(rule.on, JSON.stringify(env)).toBe(true);
      expect(rule.why).toMatch(/^the development tools \(.*\) are on: the sandbox is the data source/);
    }
  });

  it("is off beside the real platform, and at a public address", () => {
    expect(devToolsRule(loadConfig({ ...real, SMTP_URL: "smtp://mail.example:587" }))).toEqual({
      on: false,
      why: "the development tools (the local mail sink and /dev/mail, /dev/sandbox, the stand-in for Google) are off: the real platform is the data source (PLATFORM_FEED_URL)",
    });
    const rule = devToolsRule(loadConfig({ PUBLIC_URL: "https://stats.example.com/" }));
    expect(rule.on).toBe(false);
    expect(rule.why).toContain(
      "are off: the site answers at a public address (PUBLIC_URL https://stats.example.com)",
    );
  });

  it("knows the loopback host names", () => {
    for (const host of ["localhost", "LOCALHOST", "127.0.0.1", "127.1.2.3", "[::1]"])
      expect(isLoopbackHost(host)).toBe(true);
    for (const host of ["example.com", "localhost.example.com", "10.0.0.1", "[::2]", "0.0.0.0"])
      expect(isLoopbackHost(host), host).toBe(false);
  });

  it("refuses accounts without SMTP_URL beside the real platform, naming the variable", () => {
    expect(accountMailProblem(loadConfig(real))).toContain(
      "  SMTP_URL: expected the SMTP server that sends account mail (sign-up confirmations, password resets) whenever PLATFORM_FEED_URL is set",
    );
    expect(accountMailProblem(loadConfig({ ...real, SMTP_URL: "smtp://mail.example:587" }))).toBeNull();
    expect(accountMailProblem(loadConfig({}))).toBeNull();
  });
});
