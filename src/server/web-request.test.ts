import { request as httpRequest } from "node:http";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { sendWebResponse, toWebRequest } from "./web-request.ts";

describe("the Fastify to Web translation", () => {
  let app: FastifyInstance;
  afterEach(() => app.close());

  /** An app whose one route answers what `respond` makes of the translated request. */
  function appAnswering(respond: (request: Request) => Response | Promise<Response>): FastifyInstance {
    app = Fastify();
    app.route({
      method: ["GET", "HEAD"],
      url: "/*",
      handler: async (request, reply) => sendWebResponse(reply, await respond(toWebRequest(request, reply))),
    });
    return app;
  }

  it("gives the page the full URL, method and headers", async () => {
    let seen: Request | undefined;
    appAnswering((request) => {
      seen = request;
      return new Response("ok");
    });
    // Over a real connection, so the repeated header arrives as Node parses it off the wire.
    const address = await app.listen({ host: "127.0.0.1", port: 0 });
    await new Promise<void>((resolve, reject) => {
      const client = httpRequest(
        `${address}/top/viewers?live=1`,
        { headers: { host: "stats.example:8080", "accept-language": "de", "x-two": ["a", "b"] } },
        (response) => response.resume().on("end", resolve),
      );
      client.on("error", reject);
      client.end();
    });
    expect(seen?.url).toBe("http://stats.example:8080/top/viewers?live=1");
    expect(seen?.method).toBe("GET");
    expect(seen?.headers.get("accept-language")).toBe("de");
    expect(seen?.headers.get("x-two")).toBe("a, b");
    expect(seen?.signal.aborted).toBe(false);
  });

  it("reads a Host header that is no host name as localhost", async () => {
    let seen: Request | undefined;
    appAnswering((request) => {
      seen = request;
      return new Response("ok");
    });
    await app.inject({ method: "GET", url: "/about", headers: { host: "bad host" } });
    expect(seen?.url).toBe("http://localhost/about");
  });

  it("sends status, headers, each cookie apart and the streamed body", async () => {
    appAnswering(() => {
      const headers = new Headers({ "content-type": "text/html; charset=utf-8", "x-page": "about" });
      headers.append("set-cookie", "a=1; Expires=Wed, 21 Oct 2037 07:28:00 GMT");
      headers.append("set-cookie", "b=2");
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode("<p>one</p>"));
          controller.enqueue(new TextEncoder().encode("<p>two</p>"));
          controller.close();
        },
      });
      return new Response(body, { status: 404, headers });
    });
    const response = await app.inject({ method: "GET", url: "/nowhere" });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers["x-page"]).toBe("about");
    expect(response.headers["set-cookie"]).toEqual(["a=1; Expires=Wed, 21 Oct 2037 07:28:00 GMT", "b=2"]);
    expect(response.body).toBe("<p>one</p><p>two</p>");
  });

  it("sends a response without a body", async () => {
    appAnswering(() => new Response(null, { status: 204, headers: { "x-empty": "yes" } }));
    const response = await app.inject({ method: "GET", url: "/empty" });
    expect(response.statusCode).toBe(204);
    expect(response.headers["x-empty"]).toBe("yes");
    expect(response.body).toBe("");
  });

  it("aborts the page's signal when the visitor goes away mid-stream", async () => {
    let seen: Request | undefined;
    appAnswering((request) => {
      seen = request;
      // A page still streaming: one chunk, then nothing more until it is cancelled.
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode("<p>shell</p>"));
        },
      });
      return new Response(body, { headers: { "content-type": "text/html" } });
    });
    const address = await app.listen({ host: "127.0.0.1", port: 0 });
    await new Promise<void>((resolve, reject) => {
      const client = httpRequest(`${address}/slow`, (response) => {
        response.once("data", () => {
          client.destroy();
          resolve();
        });
      });
      client.on("error", (error) => {
        if (!(error as NodeJS.ErrnoException).code?.startsWith("ECONNRESET")) reject(error);
      });
      client.end();
    });
    await expect.poll(() => seen?.signal.aborted, { timeout: 2_000 }).toBe(true);
  });
});
