import { once } from "node:events";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { sql } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountsSite } from "../../../tests/helpers/accounts.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/database.ts";
import { insertPerformer } from "../../../tests/helpers/fixtures.ts";
import { multipartForm, pngBomb, solidImage } from "../../../tests/helpers/images.ts";
import { loadConfig } from "../../config.ts";
import { UNUSED_IMAGE_KEPT_MS } from "../../images/image-store.ts";
import { profileImagesFolder, pruneProfileImages } from "../../profiles/profile-images.ts";
import {
  IMAGE_EXPECTED,
  IMAGE_NOT_ACCEPTED,
  IMAGE_TOO_LARGE,
  IMAGE_TOO_MANY_PIXELS,
} from "../api/image-upload.ts";
import {
  IMAGE_FETCH_REDIRECTED,
  IMAGE_HOST_NOT_PUBLIC,
  imageUrlNotAllowed,
  PLATFORM_IMAGES_UNAVAILABLE,
} from "./account-images.ts";
import { notVerified } from "./profile-owner.ts";

const form = multipartForm;

/**
 * The verified performer's profile and banner images (issue 19, decision 0022): uploaded, taken
 * from the platform's image host by the server, removed; the lists' pipeline (its own tests cover
 * it in depth), so here briefly: the boxes, the refusals, nothing written when refused.
 */
describe("profile images: /v1/account_profileimage, _bannerimage, _fromcb and /images/profiles", () => {
  let t: TestDatabase;
  let dataDir: string;
  let site: ReturnType<typeof accountsSite>;
  let host: http.Server;
  let hostOrigin: string;
  let hostHits = 0;
  let ann: { token: string };
  let bob: { token: string };
  let jpeg: Buffer;

  beforeAll(async () => {
    t = await createTestDatabase();
    dataDir = await mkdtemp(path.join(tmpdir(), "profile-images-"));
    jpeg = await solidImage(1200, 900, "jpeg");
    // The platform's image host, as the sandbox is in development: on this machine's loopback.
    host = http.createServer((req, res) => {
      hostHits++;
      if (req.url === "/ri/alice.jpg") return res.writeHead(200, { "content-type": "image/jpeg" }).end(jpeg);
      if (req.url === "/ri/page.html")
        return res.writeHead(200, { "content-type": "image/jpeg" }).end("<html>hi</html>");
      if (req.url === "/ri/away.jpg")
        return res.writeHead(302, { location: "http://localhost:1/x.jpg" }).end();
      if (req.url === "/ri/internal.jpg")
        return res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end();
      if (req.url === "/ri/huge.jpg") {
        res.writeHead(200, { "content-type": "image/jpeg" });
        res.on("error", () => {});
        return res.end(Buffer.concat([jpeg, Buffer.alloc(6 * 1024 * 1024)]));
      }
      return res.writeHead(404).end();
    });
    host.listen(0, "127.0.0.1");
    await once(host, "listening");
    hostOrigin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
    site = accountsSite(t.db, {
      config: loadConfig({ DATA_DIR: dataDir }),
      imageHost: hostOrigin,
      imageHostIsSandbox: true,
    });
    const at = new Date().toISOString();
    const alice = await insertPerformer(t.db, { username: "alice", lastSeen: at, followers: 1 });
    await insertPerformer(t.db, { username: "bella", lastSeen: at, followers: 1 });
    for (const who of ["ann", "bob"]) await site.confirmedAccount(`${who}@example.com`);
    ann = await site.signedIn("ann@example.com");
    bob = await site.signedIn("bob@example.com");
    await sql`INSERT INTO performer_owners (performer_id, user_id, verified_at)
      SELECT ${alice}, id, now() FROM users WHERE email = 'ann@example.com'`.execute(t.db);
  });
  afterAll(async () => {
    await site?.app.close();
    host?.closeAllConnections();
    host?.close();
    await t?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const upload = async (
    kind: "profile" | "banner",
    performer: string,
    parts: Parameters<typeof form>[0],
    token?: string,
  ) => {
    const body = await form(parts);
    return site.app.inject({
      method: "POST",
      url: `/v1/account_${kind}image?performer=${performer}`,
      payload: body.payload,
      headers: {
        "content-type": body.type,
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      },
    });
  };
  const file = (data: Buffer | string, filename = "me.png", type = "image/png") => [
    { field: "image", data, filename, type },
  ];
  const stored = async () => (await readdir(profileImagesFolder(dataDir).dir).catch(() => [])).sort();
  const settings = async () => (await site.get("/v1/account_settings?performer=alice", ann.token)).json();
  const fromPlatform = (body: object, token: string | null = ann.token, on = site) =>
    on.post("/v1/account_profileimage_fromcb", body, token === null ? {} : { token });
  const sizeOf = async (url: string) => {
    const served = await site.app.inject({ method: "GET", url });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    return [meta.format, meta.width, meta.height];
  };

  it("stores a profile image within 800×800 and a banner within 1500×500, served from our origin", async () => {
    const profile = await upload("profile", "alice", file(await solidImage(2000, 1000, "png")), ann.token);
    expect(profile.statusCode).toBe(200);
    expect(profile.headers["cache-control"]).toBe("private, no-store");
    const image = profile.json().profileImage as string;
    expect(image).toMatch(/^\/images\/profiles\/[0-9a-f]{64}\.webp$/);
    expect(await sizeOf(image)).toEqual(["webp", 800, 400]);
    const served = await site.app.inject({ method: "GET", url: image });
    expect(served.headers).toMatchObject({
      "content-type": "image/webp",
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
    });
    const banner = await upload("banner", "alice", file(jpeg, "b.jpg", "image/jpeg"), ann.token);
    expect(banner.statusCode).toBe(200);
    expect(await sizeOf(banner.json().bannerImage)).toEqual(["webp", 667, 500]);
    expect(banner.json().profileImage).toBe(image);
    expect(await stored()).toHaveLength(2);
    expect((await site.app.inject({ method: "GET", url: "/images/profiles/passwd" })).statusCode).toBe(404);
    expect(
      (await site.app.inject({ method: "GET", url: `/images/profiles/${"0".repeat(64)}.webp` })).statusCode,
    ).toBe(404);
  });

  it("refuses what is not an image, a bomb, an oversized file and a bad form, writing nothing", async () => {
    const before = await settings();
    const files = await stored();
    const cases: Array<[Parameters<typeof form>[0], number, string]> = [
      [
        file(
          '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
          "x.svg",
          "image/svg+xml",
        ),
        415,
        IMAGE_NOT_ACCEPTED,
      ],
      [file("<!doctype html><html><body>hi</body></html>", "x.png"), 415, IMAGE_NOT_ACCEPTED],
      [file(pngBomb(20000, 20000)), 422, IMAGE_TOO_MANY_PIXELS],
      [file(Buffer.alloc(5 * 1024 * 1024 + 1, 1)), 413, IMAGE_TOO_LARGE],
      [[{ field: "picture", data: jpeg, filename: "x.jpg", type: "image/jpeg" }], 400, IMAGE_EXPECTED],
      [[{ field: "image", data: "not a file" }], 400, IMAGE_EXPECTED],
    ];
    for (const [parts, status, message] of cases) {
      for (const kind of ["profile", "banner"] as const) {
        const response = await upload(kind, "alice", parts, ann.token);
        expect(response.statusCode, message).toBe(status);
        expect(response.json().error.message).toBe(message);
      }
    }
    expect(await settings()).toEqual(before);
    expect(await stored()).toEqual(files);
  });

  it("lets only the verified account change the images", async () => {
    const png = file(await solidImage(10, 10, "png"));
    expect((await upload("profile", "alice", png)).statusCode).toBe(401);
    const other = await upload("profile", "alice", png, bob.token);
    expect(other.statusCode).toBe(403);
    expect(other.json().error).toMatchObject({ code: "not_verified", message: notVerified("alice") });
    expect((await upload("banner", "bella", png, ann.token)).statusCode).toBe(403);
    expect((await upload("profile", "nobody", png, ann.token)).statusCode).toBe(404);
    expect((await upload("profile", "<x>", png, ann.token)).statusCode).toBe(400);
    const remove = (kind: string, token?: string) =>
      site.app.inject({
        method: "DELETE",
        url: `/v1/account_${kind}image?performer=alice`,
        headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
      });
    expect((await remove("profile")).statusCode).toBe(401);
    expect((await remove("profile", bob.token)).statusCode).toBe(403);
    const removed = await remove("banner", ann.token);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().bannerImage).toBeNull();
    expect(removed.json().profileImage).not.toBeNull();
  });

  it("takes the profile image from the platform's image host, and refuses everything else", async () => {
    const ok = await fromPlatform({ performer: "alice", imageUrl: `${hostOrigin}/ri/alice.jpg` });
    expect(ok.statusCode).toBe(200);
    expect(await sizeOf(ok.json().profileImage)).toEqual(["webp", 800, 600]);
    const before = await settings();
    const hits = hostHits;
    // Refused before any fetch: another origin, a user name, another account, no token.
    const offHost = [
      "https://evil.test/ri/alice.jpg",
      "http://10.0.0.1/ri/alice.jpg",
      "http://169.254.169.254/latest/meta-data/",
      `http://localhost:${new URL(hostOrigin).port}/ri/alice.jpg`,
      `http://user:pw@${new URL(hostOrigin).host}/ri/alice.jpg`,
      "javascript:alert(1)",
      "not a url",
    ];
    for (const imageUrl of offHost) {
      const response = await fromPlatform({ performer: "alice", imageUrl });
      expect(response.statusCode, imageUrl).toBe(400);
      expect(response.json().error.message).toBe(`imageUrl: ${imageUrlNotAllowed(hostOrigin)}`);
    }
    expect(
      (await fromPlatform({ performer: "alice", imageUrl: `${hostOrigin}/ri/alice.jpg` }, bob.token))
        .statusCode,
    ).toBe(403);
    expect(
      (await fromPlatform({ performer: "alice", imageUrl: `${hostOrigin}/ri/alice.jpg` }, null)).statusCode,
    ).toBe(401);
    expect(hostHits).toBe(hits);
    // Fetched, then refused: a page, a redirect away, a redirect inside, too many bytes, nothing there.
    const fetched: Array<[string, number, string]> = [
      ["/ri/page.html", 415, IMAGE_NOT_ACCEPTED],
      ["/ri/away.jpg", 422, IMAGE_FETCH_REDIRECTED],
      ["/ri/internal.jpg", 422, IMAGE_FETCH_REDIRECTED],
      ["/ri/huge.jpg", 413, IMAGE_TOO_LARGE],
      ["/ri/missing.jpg", 502, expect.any(String) as unknown as string],
    ];
    for (const [pathname, status, message] of fetched) {
      const response = await fromPlatform({ performer: "alice", imageUrl: `${hostOrigin}${pathname}` });
      expect(response.statusCode, pathname).toBe(status);
      expect(response.json().error.message).toEqual(message);
    }
    expect(await settings()).toEqual(before);
  });

  it("fetches from a loopback image host only while it is the sandbox, and not at all without one", async () => {
    const notSandbox = accountsSite(t.db, {
      config: loadConfig({ DATA_DIR: dataDir }),
      imageHost: hostOrigin,
    });
    const none = accountsSite(t.db, { config: loadConfig({ DATA_DIR: dataDir }) });
    try {
      const token = (await notSandbox.signedIn("ann@example.com")).token;
      const refused = await fromPlatform(
        { performer: "alice", imageUrl: `${hostOrigin}/ri/alice.jpg` },
        token,
        notSandbox,
      );
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error.message).toBe(IMAGE_HOST_NOT_PUBLIC);
      const unavailable = await fromPlatform(
        { performer: "alice", imageUrl: `${hostOrigin}/ri/alice.jpg` },
        token,
        none,
      );
      expect(unavailable.statusCode).toBe(503);
      expect(unavailable.json().error.message).toBe(PLATFORM_IMAGES_UNAVAILABLE);
    } finally {
      await notSandbox.app.close();
      await none.app.close();
    }
  });

  it("answers every hostile upload and imageUrl with a 2xx or 4xx and never half-writes (fast-check)", async () => {
    const png = await solidImage(30, 20, "png");
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("profile", "banner"),
        fc.oneof(
          fc.uint8Array({ maxLength: 2000 }).map((a) => Buffer.from(a)),
          fc.integer({ min: 0, max: png.length }).map((n) => png.subarray(0, n)),
          fc.string().map((s) => Buffer.from(s)),
        ),
        fc.string({ maxLength: 12 }),
        async (kind, data, field) => {
          const before = await settings();
          const response = await upload(
            kind,
            "alice",
            [{ field: field || "image", data, filename: "f", type: "image/png" }],
            ann.token,
          );
          expect(response.statusCode).toBeLessThan(500);
          if (response.statusCode !== 200) expect(await settings()).toEqual(before);
        },
      ),
      { numRuns: 60 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.webUrl(),
          fc.string(),
          fc
            .constantFrom("/ri/alice.jpg", "/ri/page.html", "/ri/away.jpg", "/ri/x")
            .map((p) => `${hostOrigin}${p}`),
          fc.anything(),
        ),
        async (imageUrl) => {
          const before = await settings();
          const response = await fromPlatform({ performer: "alice", imageUrl });
          // fc.stringify: any value (String() throws on an object whose toString is not a function).
          expect(response.statusCode, fc.stringify(imageUrl)).not.toBe(500);
          if (response.statusCode !== 200) expect(await settings()).toEqual(before);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("leaves the files a profile shows to the cleanup, and takes the others once a day old", async () => {
    const inUse = await settings();
    const files = await stored();
    const later = new Date(Date.now() + 2 * UNUSED_IMAGE_KEPT_MS);
    const deleted = await pruneProfileImages(t.db, dataDir, later);
    const kept = await stored();
    expect(deleted).toBe(files.length - kept.length);
    for (const image of [inUse.profileImage, inUse.bannerImage].filter((i) => i !== null))
      expect(kept).toContain(image.split("/").at(-1));
    expect(kept.length).toBe([inUse.profileImage, inUse.bannerImage].filter((i) => i !== null).length);
  });
});
