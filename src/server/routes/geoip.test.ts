import { describe, expect, it } from "vitest";
import { NO_DATABASE } from "../../../tests/helpers/api.ts";
import { buildApp } from "../app.ts";

// Addresses whose country the bundled database has held for years (Google's US resolver, a UK test
// address of MaxMind's own fixtures).
const US = "8.8.8.8";
const GB = "81.2.69.142";

describe("GET /api/geoip", () => {
  const geo = async (
    remoteAddress: string,
    options: { trustedProxies?: string[] } = {},
    forwarded?: string,
  ) => {
    const app = buildApp({
      db: NO_DATABASE,
      publishDir: "/nonexistent",
      rateLimitPerMinute: 0,
      ageVerificationRegions: ["GB", "FR"],
      ...options,
    });
    try {
      const response = await app.inject({
        method: "GET",
        url: "/api/geoip",
        remoteAddress,
        headers: forwarded ? { "x-forwarded-for": forwarded } : {},
      });
      return { body: response.json(), cache: response.headers["cache-control"] };
    } finally {
      await app.close();
    }
  };

  it("answers the caller's country and whether age verification applies there", async () => {
    expect(await geo(GB)).toEqual({
      body: { country: "GB", ageVerification: true },
      cache: "private, max-age=300",
    });
    expect((await geo(US)).body).toEqual({ country: "US", ageVerification: false });
    expect((await geo("127.0.0.1")).body).toEqual({ country: null, ageVerification: false });
  });

  it("believes a forwarded address only from a configured proxy", async () => {
    expect((await geo("127.0.0.1", {}, GB)).body).toEqual({ country: null, ageVerification: false });
    expect((await geo(US, { trustedProxies: ["127.0.0.1"] }, GB)).body).toEqual({
      country: "US",
      ageVerification: false,
    });
    expect((await geo("127.0.0.1", { trustedProxies: ["127.0.0.0/8"] }, GB)).body).toEqual({
      country: "GB",
      ageVerification: true,
    });
  });
});
