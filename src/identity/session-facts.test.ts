import { describe, expect, it } from "vitest";
import { countryOf, DEVICE_MAX_LENGTH, deviceOf } from "./session-facts.ts";

describe("what a session keeps of its client (decision 0042)", () => {
  it("names the browser and OS families, never versions or models", () => {
    expect(deviceOf("Mozilla/5.0 (Android 14; Mobile; rv:132.0) Gecko/132.0 Firefox/132.0")).toBe(
      "Firefox on Android",
    );
    expect(
      deviceOf(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("Safari on iOS");
    expect(
      deviceOf(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
      ),
    ).toBe("Microsoft Edge on Windows");
  });

  it("says nothing for an absent, empty or unknown agent, and stays short for a huge one", () => {
    expect(deviceOf(undefined)).toBeNull();
    expect(deviceOf("")).toBeNull();
    expect(deviceOf("   ")).toBeNull();
    expect(deviceOf("curl/8.5.0")).toBeNull();
    const huge = `Mozilla/5.0 (X11; Linux x86_64) ${"x".repeat(100_000)} Firefox/132.0`;
    const device = deviceOf(huge);
    expect(device === null || device.length <= DEVICE_MAX_LENGTH).toBe(true);
  });

  it("keeps only the country of an address, none for private ones", () => {
    expect(countryOf("8.8.8.8")).toBe("US");
    expect(countryOf("2001:4860:4860::8888")).toBe("US");
    expect(countryOf("127.0.0.1")).toBeNull();
    expect(countryOf("10.1.2.3")).toBeNull();
    expect(countryOf("")).toBeNull();
    expect(countryOf("not an address")).toBeNull();
  });
});
