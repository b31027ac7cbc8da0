import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, usesSandbox } from "./config.ts";

function errorOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("expected a ConfigError");
}

describe("loadConfig", () => {
  it("has a working default for everything", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: "./data",
      POLL_INTERVAL: 60,
      SANDBOX_PERFORMERS: 20_000,
      HISTORY_DAYS: 35,
      COLLECT: true,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(usesSandbox(config)).toBe(true);
  });

  it("names each bad variable with what it expects and what it got", () => {
    const message = errorOf({ PORT: "70000", SANDBOX_PERFORMERS: "2000000", COLLECT: "maybe" });
    expect(message).toContain("Invalid configuration. Fix these environment variables:");
    expect(message).toContain('PORT: expected 0 (any free port) to 65535; got "70000"');
    expect(message).toContain(
      'SANDBOX_PERFORMERS: expected a whole number of at most 1000000; got "2000000"',
    );
    expect(message).toContain('COLLECT: expected true or false; got "maybe"');
  });

  it("wants the real feed's URL and campaign together", () => {
    expect(errorOf({ AFFILIATE_WM: "abc" })).toContain(
      "PLATFORM_FEED_URL: expected the feed base URL whenever AFFILIATE_WM is set; got nothing (not set)",
    );
    expect(errorOf({ PLATFORM_FEED_URL: "https://feed.example" })).toContain(
      "AFFILIATE_WM: expected the affiliate campaign slug whenever PLATFORM_FEED_URL is set",
    );
    const real = loadConfig({ PLATFORM_FEED_URL: "https://feed.example", AFFILIATE_WM: "abc" });
    expect(usesSandbox(real)).toBe(false);
  });

  it("rejects a database URL that is not a URL and treats empty as unset", () => {
    expect(errorOf({ DATABASE_URL: "localhost" })).toContain("DATABASE_URL: expected a PostgreSQL URL");
    expect(loadConfig({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
  });
});
