import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext } from "react-router";
import { ServerRouter } from "react-router";

/** How long deferred data may keep a page's stream open before React gives up on it. */
export const streamTimeout = 5_000;

/**
 * Renders a page to HTML. People get the page as soon as its shell is ready and the rest streams
 * in; crawlers (isbot) get the whole document at once, since they may not wait for the stream.
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
  const userAgent = request.headers.get("user-agent");
  const waitForAll = (userAgent !== null && isbot(userAgent)) || routerContext.isSpaMode;

  return new Promise((resolve, reject) => {
    let status = responseStatusCode;
    let shellRendered = false;
    const onReady = () => {
      shellRendered = true;
      const body = new PassThrough({
        final(callback) {
          clearTimeout(timeout);
          callback();
        },
      });
      responseHeaders.set("content-type", "text/html; charset=utf-8");
      resolve(new Response(createReadableStreamFromReadable(body), { status, headers: responseHeaders }));
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} />,
      {
        ...(waitForAll ? { onAllReady: onReady } : { onShellReady: onReady }),
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
