import { options, type VNode } from "preact";
import { useSyncExternalStore as preactsStore, useEffect, useState } from "preact/compat";

/**
 * Where Preact's compatibility layer differs from React 19 in ways the pages notice, mended here for
 * the browser's build (`react.js` beside this file; docs/decisions/0054-preact-in-the-browser.md).
 */

let takingOver = true;

/** Called by the entry once the first render has taken over the server's HTML. */
export function tookOver(): void {
  takingOver = false;
}

/**
 * React renders a store's server snapshot while it takes over the server's HTML and the browser's
 * value just after; Preact's ignores the server snapshot, so a "true once in the browser" value
 * would be true in the first render, unlike the HTML it takes over.
 */
export function useSyncExternalStore<T>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => T,
  getServerSnapshot?: () => T,
): T {
  const [fromServer, setFromServer] = useState(() => takingOver && getServerSnapshot !== undefined);
  useEffect(() => {
    if (fromServer) setFromServer(false);
  }, [fromServer]);
  const value = preactsStore(subscribe, getSnapshot);
  return fromServer && getServerSnapshot ? getServerSnapshot() : value;
}

type Props = Record<string, unknown>;

/**
 * React never runs an inline `<script>` it draws in the browser (it makes them through the parser,
 * which leaves them inert); Preact makes them with `createElement`, which runs them when they are
 * put in the page, against the page's Content-Security-Policy. React Router draws two such scripts
 * (the scroll restoration and its context) that ran once, from the server's HTML; should either be
 * drawn again, it is drawn as data, as React would leave it.
 */
function inertScript(vnode: VNode<Props>): void {
  if (vnode.type === "script" && vnode.props.dangerouslySetInnerHTML && !takingOver) {
    vnode.props = { ...vnode.props, type: "text/plain" };
  }
}

/**
 * React 19 hands a function component its `ref` as a prop (the fields of the sign-in forms take
 * theirs so); Preact keeps it off the props unless the component is wrapped in `forwardRef`.
 */
function refAsProp(vnode: VNode<Props>): void {
  const type: unknown = vnode.type;
  if (typeof type !== "function" || type.prototype?.render || vnode.ref == null) return;
  vnode.props = { ...vnode.props, ref: vnode.ref };
  vnode.ref = null;
}

/**
 * React writes `tabIndex` as the `tabindex` attribute on every element; Preact sets an SVG
 * element's attributes by the prop's own name, and `tabIndex` is no attribute an SVG link heeds
 * (the world map's country links would come back into the keyboard's path, inside a drawing
 * hidden from screen readers).
 */
function lowerTabIndex(vnode: VNode<Props>): void {
  if (typeof vnode.type !== "string" || !("tabIndex" in vnode.props)) return;
  const { tabIndex, ...rest } = vnode.props;
  vnode.props = { ...rest, tabindex: tabIndex };
}

const previousVnodeHook = options.vnode;
options.vnode = (vnode) => {
  inertScript(vnode as VNode<Props>);
  refAsProp(vnode as VNode<Props>);
  lowerTabIndex(vnode as VNode<Props>);
  previousVnodeHook?.(vnode);
};
