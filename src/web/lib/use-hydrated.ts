import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False on the server and during hydration, true once the page runs in the browser. What only the
 * browser knows (the address's hash, the window's width, the visitor's country) may change the
 * page only after this, or the first client render would not match the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
