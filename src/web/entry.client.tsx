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
 * React on the server moves the `<link rel="modulepreload">` that React Router's `<Scripts>` draws
 * at the end of `<body>` up into `<head>`, and adds a `<link rel="preload">` of its own for the
 * first images; React in the browser knows and skips them. Preact pairs nodes by position, and
 * would pair the page's stylesheets with them. The module preloads go back where the router's
 * first render has them (just before its context script); the image preloads, drawn by no
 * component and already fetched, go.
 */
function undoReactsHoisting(): void {
  const context = [...document.body.querySelectorAll("script:not([src])")].find((script) =>
    script.textContent?.startsWith("window.__reactRouterContext"),
  );
  for (const link of document.head.querySelectorAll('link[rel="modulepreload"]')) {
    if (context) context.before(link);
  }
  for (const link of document.head.querySelectorAll('link[rel="preload"]')) link.remove();
}

void start();
