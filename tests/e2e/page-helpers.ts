import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";
import { thumbnailSvg } from "../../src/sandbox/thumbnail.ts";

/** A person's Chrome: the headless one calls itself HeadlessChrome, a crawler to isbot (SPEC §6). */
export const PERSON =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";

/**
 * Waits for the page's heading to read `text`: a client-side navigation changes the address first
 * and renders the new page a moment later.
 */
export const heading = (page: Page, text: string) =>
  page.getByRole("heading", { level: 1, name: text, exact: true }).waitFor();

/** The platform's image host stand-in: the sandbox's placeholder thumbnails at /ri/{username}.jpg. */
export function startImageHost(): Promise<Server> {
  const server = createServer((request, response) => {
    const name = /^\/ri\/([^/]+)\.jpg$/.exec(request.url ?? "")?.[1];
    if (name === undefined) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "content-type": "image/svg+xml" }).end(thumbnailSvg(name));
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

/** The image host's origin, for PageContext.imageHost. */
/** Stops a server started for a test (the image host). */
export const closeServer = (server: Server) => new Promise((resolve) => server.close(resolve));

export const originOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

/** Whether the page scrolls sideways as a whole (a table may scroll inside its own box). */
export const pageOverflows = (page: Page) =>
  page.evaluate<boolean>("document.documentElement.scrollWidth > document.documentElement.clientWidth");

/** The text labels of the server-drawn charts (`svg.svg-line-chart`) that reach outside their chart's box. */
export const chartLabelsOutside = (page: Page) =>
  page.evaluate<string[]>(`(() => {
    const outside = [];
    for (const svg of document.querySelectorAll("svg.svg-line-chart")) {
      const box = svg.getBoundingClientRect();
      for (const t of svg.querySelectorAll("text")) {
        const r = t.getBoundingClientRect();
        if (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5)
          outside.push(t.textContent);
      }
    }
    return outside;
  })()`);
