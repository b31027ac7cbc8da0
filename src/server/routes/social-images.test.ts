import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NO_DATABASE } from "../../../tests/helpers/api.ts";
import { notDotSegment } from "../../../tests/helpers/dot-segments.ts";
import { loadConfig } from "../../config.ts";
import { socialImageCatalogue } from "../../profiles/social/catalogue.ts";
import { BUTTON_SIZE, PNG_SCALE, TROPHY_SIZE } from "../../profiles/social/images.ts";
import { NON_PAGE_POLICY } from "../../site/content-security-policy.ts";
import { buildApp } from "../app.ts";
import { SOCIAL_IMAGE_CACHE } from "./social-images.ts";

/** GET /social/{buttons|trophies}/{name}.{hash}.{svg|png}: the social media editor's images. */
describe("the social media images", () => {
  let app: FastifyInstance;
  const catalogue = socialImageCatalogue("TestCams");
  const unicorn = catalogue.trophies.get("unicorn");
  const twitter = catalogue.buttons.get("twitter");

  beforeAll(() => {
    app = buildApp({
      db: NO_DATABASE,
      publishDir: "/nonexistent",
      rateLimitPerMinute: 0,
      config: loadConfig({ PLATFORM_NAME: "TestCams" }),
    });
  });
  afterAll(() => app?.close());

  const get = (url: string) => app.inject({ method: "GET", url });

  it("serve each SVG at its hashed address, immutable for a year, loadable by other sites", async () => {
    if (!unicorn || !twitter) throw new Error("catalogue incomplete");
    expect(unicorn.svg).toMatch(/^\/social\/trophies\/unicorn\.[0-9a-f]{10}\.svg$/);
    const response = await get(unicorn.svg);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/svg+xml; charset=utf-8");
    expect(response.headers["cache-control"]).toBe(SOCIAL_IMAGE_CACHE);
    expect(SOCIAL_IMAGE_CACHE).toBe("public, max-age=31536000, immutable");
    expect(response.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["content-security-policy"]).toBe(NON_PAGE_POLICY);
    expect(response.headers["content-disposition"]).toBeUndefined();
    expect(response.body).toBe(unicorn.body);
    // sharp parses it as SVG: valid XML of the size it says.
    const meta = await sharp(Buffer.from(response.body)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["svg", TROPHY_SIZE.width, TROPHY_SIZE.height]);
  });

  it("serve the PNG, which decodes at twice the drawing's size", async () => {
    if (!unicorn || !twitter) throw new Error("catalogue incomplete");
    for (const [image, size] of [
      [unicorn, TROPHY_SIZE],
      [twitter, BUTTON_SIZE],
    ] as const) {
      const response = await get(image.png);
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("image/png");
      expect(response.headers["cache-control"]).toBe(SOCIAL_IMAGE_CACHE);
      const meta = await sharp(response.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([
        "png",
        size.width * PNG_SCALE,
        size.height * PNG_SCALE,
      ]);
    }
  });

  it("offer each file as a download with a name", async () => {
    const response = await get(`${unicorn?.png}?download=1`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toBe(
      'attachment; filename="camstats-trophy-unicorn.png"',
    );
    const svg = await get(`${twitter?.svg}?download=1`);
    expect(svg.headers["content-disposition"]).toBe('attachment; filename="camstats-button-twitter.svg"');
  });

  it("move an old hash or none to the current address, so pasted blocks keep their images", async () => {
    const old = await get("/social/trophies/unicorn.0000000000.png?download=1");
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(`${unicorn?.png}?download=1`);
    expect(old.headers["cache-control"]).toBe("public, max-age=3600");
    const bare = await get("/social/buttons/twitter.svg");
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe(twitter?.svg);
  });

  it("answer any other name with a 404, never an error", async () => {
    for (const url of [
      "/social/trophies/top-7.svg",
      "/social/badges/unicorn.svg",
      "/social/trophies/unicorn.gif",
      "/social/trophies/Unicorn.svg",
      "/social/trophies/..%2F..%2Fetc%2Fpasswd",
    ])
      expect((await get(url)).statusCode, url).toBe(404);
    // Dot segments lead to another page (a performer page, which this app without a database
    // cannot render).
    const segment = (maxLength: number) => fc.string({ maxLength }).filter(notDotSegment);
    await fc.assert(
      fc.asyncProperty(segment(40), segment(60), async (group, file) => {
        const response = await get(`/social/${encodeURIComponent(group)}/${encodeURIComponent(file)}`);
        expect([200, 301, 404], `${group} / ${file}`).toContain(response.statusCode);
      }),
      { numRuns: 100 },
    );
  });
});
