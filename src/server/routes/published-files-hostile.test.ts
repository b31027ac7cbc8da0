import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publishJson } from "../../publish/write-file.ts";
import { directoryStorage } from "../../storage/directory-storage.ts";
import { registerApiErrors } from "../api/api-error.ts";
import { acceptedVariants, registerPublishedFiles } from "./published-files.ts";

describe("acceptedVariants", () => {
  it("takes brotli before gzip, by q, and neither where q is 0 or nothing is said", () => {
    expect(acceptedVariants("gzip, deflate, br")).toEqual([".br", ".gz"]);
    expect(acceptedVariants("br;q=0.5, gzip")).toEqual([".gz", ".br"]);
    expect(acceptedVariants("br;q=0, gzip;q=0.1")).toEqual([".gz"]);
    expect(acceptedVariants("*")).toEqual([".br", ".gz"]);
    expect(acceptedVariants("identity")).toEqual([]);
    expect(acceptedVariants(undefined)).toEqual([]);
  });
});

/**
 * The published files' route reads the store by a key made of the request's path (decision 0050):
 * whatever the path and headers, it answers the file, 304 or 404, and serves nothing but a published
 * file.
 */
describe("the published files' route under hostile paths", () => {
  let root: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "served-hostile-"));
    await publishJson(path.join(root, "public"), "/stats/2020-01-01/most-popular.json", [{ u: "anna" }]);
    // The route alone: a path the router moves out of its folders is not its to answer.
    app = Fastify();
    registerApiErrors(app);
    registerPublishedFiles(app, directoryStorage(path.join(root, "public")));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await rm(root, { recursive: true, force: true });
  });

  const segment = fc.oneof(
    fc.constantFrom("..", ".", "", "%2e%2e", "%2F", "%00", ".hidden", "a\\b", "%5c", "2020-01-01", "x.json"),
    fc.string({ maxLength: 12 }).map(encodeURIComponent),
  );

  const file = "/stats/2020-01-01/most-popular.json";
  const rangeLike = fc.oneof(
    fc.stringMatching(/^[ -~]{0,24}$/),
    fc
      .tuple(fc.option(fc.nat({ max: 200 })), fc.option(fc.nat({ max: 200 })))
      .map(([a, b]) => `bytes=${a ?? ""}-${b ?? ""}`),
  );

  it("answers a published file's ranges and conditions with 200, 206, 304 or 416, never a 500", async () => {
    await fc.assert(
      fc.asyncProperty(
        rangeLike,
        fc.stringMatching(/^[ -~]{0,30}$/),
        fc.stringMatching(/^[ -~]{0,30}$/),
        fc.constantFrom("", "br", "gzip"),
        async (range, ifRange, ifModifiedSince, acceptEncoding) => {
          const answer = await app.inject({
            url: file,
            headers: {
              range,
              "if-range": ifRange,
              "if-modified-since": ifModifiedSince,
              "accept-encoding": acceptEncoding,
            },
          });
          expect([200, 206, 304, 416], range).toContain(answer.statusCode);
          if (answer.statusCode === 206) {
            const [, start, end, total] = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(
              String(answer.headers["content-range"]),
            ) ?? [0, -1, -1, -1];
            expect(Number(end)).toBeLessThan(Number(total));
            expect(answer.rawPayload.length).toBe(Number(end) - Number(start) + 1);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("answers no 500 and serves nothing but published files", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("stats", "api", "data", "images/reports"),
        fc.array(segment, { minLength: 1, maxLength: 5 }),
        fc.constantFrom("", ".json", ".json.br", ".csv", ".svg"),
        fc.stringMatching(/^[ -~]{0,20}$/),
        async (prefix, parts, suffix, acceptEncoding) => {
          const url = `/${prefix}/${parts.join("/")}${suffix}`;
          const answer = await app.inject({
            url,
            headers: { "accept-encoding": acceptEncoding, "if-none-match": acceptEncoding },
          });
          expect([200, 304, 404], url).toContain(answer.statusCode);
          if (answer.statusCode === 200) expect(url).toMatch(/^\/stats\/2020-01-01\/most-popular\.json$/);
        },
      ),
      { numRuns: 300 },
    );
  });
});
