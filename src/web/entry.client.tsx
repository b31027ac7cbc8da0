import { type ContainerNode, render } from "preact";
import { createElement } from "react";
import { HydratedRouter } from "react-router/dom";
import { tookOver } from "./browser-runtime/preact-mends.ts";

/**
 * The browser's entry: React Router's router drawn by Preact over the server's HTML
 * (docs/decisions/0054-preact-in-the-browser.md).
 *
 * Two things React does that Preact does not. React's root waits when the router's first render
 * suspends on decoding the server's data; Preact's would draw the page anew, so the decoding is
 * started (the router's first call throws its promise before any hook) and awaited first. And
 * Preact, handed the document, draws into `<html>`: it is handed a stand-in for the document whose
 * one child is `<html>`. Preact's `render` over existing nodes (not its `hydrate`) is used because
 * it sets every attribute that differs from the server's HTML, as React's hydration does, where
 * `hydrate` keeps the server's.
 */
async function start(): Promise<void> {
  try {
    HydratedRouter({});
  } catch (thrown) {
    if (!(thrown instanceof Promise)) throw thrown;
    await thrown;
  }
  undoReactsHoisting();
  const html = document.documentElement;
  const documentStandIn = {
    childNodes: [html],
    firstChild: html,
    namespaceURI: null,
    insertBefore: (node: Node, before: Node | null) =>
      node === html ? node : document.insertBefore(node, before),
    removeChild: (node: Node) => (node === html ? node : document.removeChild(node)),
  };
  render(createElement(HydratedRouter) as never, documentStandIn as unknown as ContainerNode);
  tookOver();
}

/**
 * What React's server render moved, put back where React Router's first render in the browser has
 * it; React in the browser knows and skips these, but Preact pairs the server's nodes with its own
 * by position, and would pair a stylesheet's `<link>` with another link (the browser then loads
 * that link's address as a stylesheet):
 * - the `<link rel="modulepreload">` of `<Scripts>` go back from `<head>` to just before its
 *   context script, at the end of `<body>`;
 * - React's own `<link rel="preload">` of the first images, drawn by no component and already
 *   fetched, go;
 * - React writes the routes' other links (the icon, the blog's feed) before every stylesheet, and
 *   the router interleaves them, route by route as `links()` gives them: each goes back just
 *   before the stylesheet that follows it there (the stylesheets themselves are not moved, so
 *   the page's styles never come off).
 */
function undoReactsHoisting(): void {
  const context = [...document.body.querySelectorAll("script:not([src])")].find((script) =>
    script.textContent?.startsWith("window.__reactRouterContext"),
  );
  for (const link of document.head.querySelectorAll('link[rel="modulepreload"]')) {
    if (context) context.before(link);
  }
  for (const link of document.head.querySelectorAll('link[rel="preload"]')) link.remove();

  const inHead = [...document.head.querySelectorAll("link")];
  const find = (link: LinkDescriptor) =>
    inHead.find((node) => node.getAttribute("rel") === link.rel && node.getAttribute("href") === link.href);
  let waiting: HTMLLinkElement[] = [];
  for (const link of routerLinkOrder()) {
    const node = find(link);
    if (!node) continue;
    if (link.rel !== "stylesheet") {
      waiting.push(node);
      continue;
    }
    node.before(...waiting);
    waiting = [];
  }
  inHead
    .filter((node) => node.rel === "stylesheet")
    .at(-1)
    ?.after(...waiting);
}

interface LinkDescriptor {
  rel?: string;
  href?: string;
}

declare global {
  interface Window {
    __reactRouterManifest?: { routes: Record<string, { css?: string[] } | undefined> };
    __reactRouterRouteModules?: Record<string, { links?: () => LinkDescriptor[] } | undefined>;
  }
}

/**
 * The links React Router's `<Links>` draws, in its order: for each route of the page, root first,
 * the route's built stylesheets and then its `links()`.
 */
function routerLinkOrder(): LinkDescriptor[] {
  const manifest = window.__reactRouterManifest;
  const modules = window.__reactRouterRouteModules ?? {};
  return Object.entries(modules).flatMap(([id, module]) => [
    ...(manifest?.routes[id]?.css ?? []).map((href) => ({ rel: "stylesheet", href })),
    ...(module?.links?.() ?? []),
  ]);
}

void start();
