import { createHash } from "node:crypto";
import type { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server.bun";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { inlineScripts, pagePolicy, policyOrigin } from "../site/content-security-policy.ts";

/** How long deferred data may keep a page's stream open before React gives up on it. */
export const streamTimeout = 5_000;

/**
 * Renders a page to HTML, whole: no page defers data, so the whole document is ready as soon as
 * its shell would be, and collecting it at once skips the stream conversions (Node stream to web
 * stream and back) that cost a millisecond or more of every render (BENCHMARKS.md, the pages).
 * Crawlers and people get the same bytes; the page cache keeps them.
 *
 * The renderer is react-dom's `server.bun` build, in Node: the same Fizz renderer as
 * `server.node`, whose host writes each piece of markup as a string to `destination.write` rather
 * than encoding thousands of small strings one by one into byte views (TextEncoder.encodeInto per
 * piece). Its pipeable API needs only write, end, destroy and on from the destination, so the
 * pieces are joined once here. A performer page renders 7 to 8 % faster (BENCHMARKS.md, issue 6);
 * nothing Bun-specific is reached (Bun.hash only serves form actions' permalinks, which the site
 * has none of).
 *
 * The whole document at hand also gives the page its Content-Security-Policy: the hash of each
 * inline script it carries, kept with the page by the page cache (src/site/content-security-policy.ts).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
): Promise<Response> | Response {
  if (request.method.toUpperCase() === "HEAD") {
    responseHeaders.set("content-type", "text/html; charset=utf-8");
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  return new Promise((resolve, reject) => {
    let status = responseStatusCode;
    let shellRendered = false;
    const parts: string[] = [];
    // What Fizz's Bun host calls on its destination: pieces of markup, then end (or destroy).
    const sink = {
      write(chunk: string) {
        parts.push(chunk);
        return true;
      },
      end() {
        clearTimeout(timeout);
        const html = parts.join("");
        responseHeaders.set("content-type", "text/html; charset=utf-8");
        responseHeaders.set("content-security-policy", policyOf(html, loadContext));
        resolve(new Response(html, { status, headers: responseHeaders }));
      },
      destroy(error: unknown) {
        clearTimeout(timeout);
        reject(error);
      },
      // Fizz listens for drain, error and close on a stream; a string list never emits them.
      on() {
        return sink;
      },
    };
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} />,
      {
        onAllReady() {
          shellRendered = true;
          pipe(sink as unknown as Writable);
        },
        onShellError: reject,
        onError(error: unknown) {
          status = 500;
          // Errors before the shell reject above and React Router logs them; later ones only here.
          if (shellRendered) console.error(error);
        },
      },
    );
    // Abort a little after streamTimeout, so the rejected boundaries still reach the client.
    const timeout = setTimeout(abort, streamTimeout + 1_000);
  });
}

/**
 * The policy of a rendered page: its inline scripts by hash, images and the room player from the
 * platform's hosts, and the analytics service's origin when one is configured.
 */
function policyOf(html: string, context: AppLoadContext): string {
  const origins = context.imageOrigins;
  const frames = context.frameOrigins;
  return pagePolicy({
    scriptHashes: inlineScripts(html).map(
      (text) => `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`,
    ),
    imageOrigins: Array.isArray(origins) ? origins.filter((o): o is string => typeof o === "string") : [],
    frameOrigins: Array.isArray(frames) ? frames.filter((o): o is string => typeof o === "string") : [],
    connectOrigins: [policyOrigin(context.config.ANALYTICS_URL)].filter((o) => o !== null),
  });
}
