import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext } from "react-router";
import { ServerRouter } from "react-router";

/** How long deferred data may keep a page's stream open before React gives up on it. */
export const streamTimeout = 5_000;

/**
 * Renders a page to HTML, whole: no page defers data, so the whole document is ready as soon as
 * its shell would be, and collecting it in one buffer skips the stream conversions (Node stream to
 * web stream and back) that cost a millisecond or more of every render (BENCHMARKS.md, the pages).
 * Crawlers and people get the same bytes; the page cache keeps them.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
): Promise<Response> | Response {
  if (request.method.toUpperCase() === "HEAD") {
    responseHeaders.set("content-type", "text/html; charset=utf-8");
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  return new Promise((resolve, reject) => {
    let status = responseStatusCode;
    let shellRendered = false;
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeout);
        responseHeaders.set("content-type", "text/html; charset=utf-8");
        resolve(new Response(Buffer.concat(chunks), { status, headers: responseHeaders }));
        callback();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} />,
      {
        onAllReady() {
          shellRendered = true;
          pipe(sink);
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
