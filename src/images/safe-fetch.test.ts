import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { solidImage } from "../../tests/helpers/images.ts";
import { safeFetch } from "./safe-fetch.ts";

/**
 * The server's own fetch of a platform image (decision 0022), against a local server that answers
 * as a hostile or broken image host would: redirects elsewhere, to private addresses, in circles,
 * slowly, hugely. The allowed origin is the test server's (loopback, as the sandbox is in
 * development), so the loopback exception is on except where a test turns it off.
 */
describe("safeFetch", () => {
  let server: http.Server;
  let other: http.Server;
  let origin: string;
  let otherOrigin: string;
  let port: number;
  let png: Buffer;
  const MB = 1024 * 1024;

  const listen = async (handler: http.RequestListener) => {
    const s = http.createServer(handler);
    s.listen(0, "127.0.0.1");
    await once(s, "listening");
    return s;
  };

  beforeAll(async () => {
    png = await solidImage(40, 30, "png");
    other = await listen((_req, res) => res.writeHead(200, { "content-type": "image/png" }).end(png));
    otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    server = await listen((req, res) => {
      const redirect = (to: string) => res.writeHead(302, { location: to }).end();
      switch (req.url) {
        case "/ok.png":
          return res.writeHead(200, { "content-type": "image/png" }).end(png);
        case "/one":
          return redirect("/ok.png");
        case "/two":
          return redirect(`${origin}/one`);
        case "/three":
          return redirect("/two");
        case "/redirect-endless-body":
          // A redirect whose body never ends: dropped, not read, and no error left behind.
          res.writeHead(302, { location: "/ok.png" });
          return res.write("x".repeat(1000));
        case "/loop":
          return redirect("/loop");
        case "/to-localhost":
          return redirect(`http://localhost:${port}/ok.png`);
        case "/to-other-port":
          return redirect(`${otherOrigin}/ok.png`);
        case "/to-private":
          return redirect("http://10.0.0.1/ok.png");
        case "/to-metadata":
          return redirect("http://169.254.169.254/latest/meta-data/");
        case "/to-userinfo":
          return redirect(`http://user:secret@127.0.0.1:${port}/ok.png`);
        case "/to-file":
          return redirect("file:///etc/passwd");
        case "/slow":
          setTimeout(() => res.writeHead(200).end(png), 3000).unref();
          return;
        case "/slow-body":
          res.writeHead(200, { "content-type": "image/png" });
          res.write(png.subarray(0, 10));
          return;
        case "/huge": {
          // 6 MB without a Content-Length: the cap must hold while streaming.
          res.writeHead(200, { "content-type": "image/png" });
          const chunk = Buffer.alloc(64 * 1024, 1);
          let sent = 0;
          const more = () => {
            while (sent < 6 * MB) {
              sent += chunk.length;
              if (!res.write(chunk)) return void res.once("drain", more);
            }
            res.end();
          };
          res.on("error", () => {});
          return more();
        }
        case "/huge-declared":
          res.writeHead(200, { "content-type": "image/png", "content-length": String(6 * MB) });
          return res.write(Buffer.alloc(1024));
        case "/html":
          return res
            .writeHead(200, { "content-type": "image/png" })
            .end("<html><script>alert(1)</script></html>");
        default:
          return res.writeHead(404).end("no");
      }
    });
    port = (server.address() as AddressInfo).port;
    origin = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    for (const s of [server, other]) {
      s?.closeAllConnections();
      s?.close();
    }
  });

  const fetchHere = (path: string, options: Partial<Parameters<typeof safeFetch>[1]> = {}) =>
    safeFetch(`${origin}${path}`, { allowedOrigin: origin, allowLoopback: true, ...options });

  it("fetches an image on the allowed origin, through at most two redirects on it", async () => {
    for (const path of ["/ok.png", "/one", "/two", "/redirect-endless-body"]) {
      const result = await fetchHere(path);
      expect(result, path).toEqual({ ok: true, bytes: png });
    }
  });

  it("refuses a third redirect, and a loop", async () => {
    expect(await fetchHere("/three")).toMatchObject({ ok: false, refusal: "too-many-redirects" });
    expect(await fetchHere("/loop")).toMatchObject({ ok: false, refusal: "too-many-redirects" });
  });

  it("refuses a redirect off the allowed origin: another host name, port, private address, scheme", async () => {
    for (const path of [
      "/to-localhost",
      "/to-other-port",
      "/to-private",
      "/to-metadata",
      "/to-userinfo",
      "/to-file",
    ]) {
      expect(await fetchHere(path), path).toMatchObject({ ok: false, refusal: "redirected-elsewhere" });
    }
  });

  it("refuses URLs off the allowed origin without connecting anywhere", async () => {
    const httpsOrigin = "https://thumbs.platform.test";
    for (const url of [
      "http://thumbs.platform.test/ri/a.jpg",
      "https://thumbs.platform.test:8443/ri/a.jpg",
      "https://evil.test/ri/a.jpg",
      "https://thumbs.platform.test.evil.test/ri/a.jpg",
      "http://10.0.0.1/ri/a.jpg",
      "http://127.0.0.1/ri/a.jpg",
      "http://169.254.169.254/latest/meta-data/",
      "http://[::1]/ri/a.jpg",
      "file:///etc/passwd",
      "javascript:alert(1)",
      "data:image/png;base64,AAAA",
      "not a url",
    ]) {
      const resolve = async () => {
        throw new Error(`resolved for ${url}`);
      };
      expect(await safeFetch(url, { allowedOrigin: httpsOrigin, resolve }), url).toMatchObject({
        ok: false,
        refusal: "not-allowed",
      });
    }
    // A user name in an allowed URL is refused too.
    expect(
      await safeFetch(`http://user:pw@127.0.0.1:${port}/ok.png`, {
        allowedOrigin: origin,
        allowLoopback: true,
      }),
    ).toMatchObject({ ok: false, refusal: "not-allowed" });
  });

  it("refuses a host whose addresses are not all public, and connects to the address it judged", async () => {
    const named = `http://img.platform.test:${port}`;
    const via = (addresses: string[], allowLoopback = false) => {
      let calls = 0;
      const resolve = async () => {
        calls++;
        // A rebinding resolver: a second lookup would answer a private address.
        return calls === 1
          ? addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }))
          : [{ address: "10.0.0.1", family: 4 }];
      };
      return {
        fetch: () => safeFetch(`${named}/ok.png`, { allowedOrigin: named, allowLoopback, resolve }),
        calls: () => calls,
      };
    };
    for (const addresses of [
      ["127.0.0.1"],
      ["10.1.2.3"],
      ["192.168.0.10"],
      ["169.254.169.254"],
      ["100.64.0.1"],
      ["::1"],
      ["fd00::1"],
      ["fe80::1"],
      ["::ffff:127.0.0.1"],
      ["8.8.8.8", "10.0.0.1"],
    ]) {
      expect(await via(addresses).fetch(), addresses.join()).toMatchObject({
        ok: false,
        refusal: "blocked-address",
      });
    }
    // The sandbox's loopback is allowed only when asked, and then nothing but loopback is.
    expect(await via(["10.0.0.1"], true).fetch()).toMatchObject({ ok: false, refusal: "blocked-address" });
    const sandbox = via(["127.0.0.1"], true);
    expect(await sandbox.fetch()).toEqual({ ok: true, bytes: png });
    expect(sandbox.calls()).toBe(1);
    // Without the exception, the loopback origin itself is refused.
    expect(await fetchHere("/ok.png", { allowLoopback: false })).toMatchObject({
      ok: false,
      refusal: "blocked-address",
    });
  });

  it("gives up after the timeout, whether the headers or the body are slow", async () => {
    for (const path of ["/slow", "/slow-body"]) {
      const started = Date.now();
      expect(await fetchHere(path, { timeoutMs: 300 }), path).toEqual({ ok: false, refusal: "timeout" });
      expect(Date.now() - started).toBeLessThan(2000);
    }
  });

  it("cuts a body off past the cap, declared or streamed", async () => {
    expect(await fetchHere("/huge")).toEqual({ ok: false, refusal: "too-large" });
    expect(await fetchHere("/huge-declared")).toEqual({ ok: false, refusal: "too-large" });
    expect(await fetchHere("/ok.png", { maxBytes: png.length - 1 })).toEqual({
      ok: false,
      refusal: "too-large",
    });
  });

  it("answers the bytes of anything else as they are (the image pipeline judges them), and fails on a 404", async () => {
    const html = await fetchHere("/html");
    expect(html.ok && html.bytes.toString()).toContain("<script>");
    expect(await fetchHere("/missing")).toMatchObject({ ok: false, refusal: "failed", detail: "HTTP 404" });
  });
});
