import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bodyTooLarge,
  ImageHostClient,
  REDIRECT_ELSEWHERE,
  roomImageUrl,
  TOO_MANY_REDIRECTS,
} from "./image-host-client.ts";

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);

/** A local image host whose names say how it answers. */
function hostAnswer(res: ServerResponse, name: string, other: string): void {
  switch (name) {
    case "fine":
      res.setHeader("content-type", "image/jpeg");
      return void res.end(JPEG);
    case "moved":
      res.statusCode = 302;
      res.setHeader("location", "/ri/fine.jpg");
      return void res.end();
    case "elsewhere":
      res.statusCode = 301;
      res.setHeader("location", `${other}/ri/fine.jpg`);
      return void res.end();
    case "loop":
      res.statusCode = 307;
      res.setHeader("location", "/ri/loop.jpg");
      return void res.end();
    case "slow":
      return void setTimeout(() => res.end(JPEG), 2_000);
    case "huge-declared":
      res.setHeader("content-length", String(10_000));
      return void res.end(Buffer.alloc(10_000));
    case "huge-streamed":
      // No length said: the cap must stop the reading itself.
      res.write(Buffer.alloc(600));
      res.write(Buffer.alloc(600));
      return void res.end(Buffer.alloc(600));
    case "limited":
      res.statusCode = 429;
      res.setHeader("retry-after", "7");
      return void res.end();
    case "broken":
      res.statusCode = 500;
      return void res.end("oops");
    default:
      res.statusCode = 404;
      return void res.end();
  }
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
}

describe("ImageHostClient: a room image from the image host only", () => {
  let host: Server;
  let other: Server;
  let client: ImageHostClient;
  const otherHits: string[] = [];

  beforeAll(async () => {
    other = createServer((req, res) => {
      otherHits.push(req.url ?? "");
      res.end(JPEG);
    });
    const otherUrl = await listen(other);
    host = createServer((req, res) => {
      const name = /^\/ri\/(.+)\.jpg$/.exec(req.url ?? "")?.[1] ?? "";
      hostAnswer(res, name, otherUrl);
    });
    client = new ImageHostClient({ baseUrl: `${await listen(host)}/`, timeoutMs: 500, maxBytes: 1_000 });
  });
  afterAll(() => {
    host.closeAllConnections();
    other.closeAllConnections();
    host.close();
    other.close();
  });

  it("asks for {host}/ri/{username}.jpg and answers the bytes", async () => {
    expect(roomImageUrl("https://img.example/", "anna.b")).toBe("https://img.example/ri/anna.b.jpg");
    expect(await client.fetchRoomImage("fine")).toEqual({ kind: "found", bytes: JPEG });
  });

  it("follows a redirect within the host, never one elsewhere, and not round and round", async () => {
    expect(await client.fetchRoomImage("moved")).toEqual({ kind: "found", bytes: JPEG });
    expect(await client.fetchRoomImage("elsewhere")).toEqual({ kind: "failed", error: REDIRECT_ELSEWHERE });
    expect(otherHits).toEqual([]);
    expect(await client.fetchRoomImage("loop")).toEqual({ kind: "failed", error: TOO_MANY_REDIRECTS });
  });

  it("gives up on a slow answer and on a body over the cap, said or not", async () => {
    expect(await client.fetchRoomImage("slow")).toEqual({ kind: "failed", error: "timeout after 500 ms" });
    expect(await client.fetchRoomImage("huge-declared")).toEqual({
      kind: "failed",
      error: bodyTooLarge(1_000),
    });
    expect(await client.fetchRoomImage("huge-streamed")).toEqual({
      kind: "failed",
      error: bodyTooLarge(1_000),
    });
  });

  it("says what a 404, a 429 and other statuses were", async () => {
    expect(await client.fetchRoomImage("nobody")).toEqual({ kind: "unknown" });
    expect(await client.fetchRoomImage("limited")).toEqual({ kind: "rateLimited", waitMs: 7_000 });
    expect(await client.fetchRoomImage("broken")).toEqual({ kind: "failed", error: "HTTP 500" });
  });
});
