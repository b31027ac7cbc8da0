import { useEffect } from "react";
import { createPath, useNavigation } from "react-router";
import { CHUNK_TIMEOUT_MS, ChunkLoadError } from "./chunk-load.ts";

/**
 * A navigation inside the site fetches the next page's chunks first. One still loading after
 * CHUNK_TIMEOUT_MS is a chunk load error (SPEC §8): it is logged, and the page is asked for as a
 * whole document instead, which the server renders without any chunk.
 */
export function useNavigationTimeout(timeoutMs = CHUNK_TIMEOUT_MS): void {
  const navigation = useNavigation();
  const href = navigation.state === "loading" ? createPath(navigation.location) : null;
  useEffect(() => {
    if (href === null) return;
    const timer = setTimeout(() => {
      console.error(new ChunkLoadError(`${href} did not load within ${timeoutMs} ms`));
      window.location.assign(href);
    }, timeoutMs);
    return () => clearTimeout(timer);
  }, [href, timeoutMs]);
}
