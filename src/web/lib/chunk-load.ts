/** SPEC §8: a page chunk that has not loaded after 120,000 ms is a chunk load error. */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  override name = "ChunkLoadError";
}

/**
 * A chunk of code fetched when an action needs it (the sign-in forms, the charts' drawing), failing
 * with a ChunkLoadError once it has taken CHUNK_TIMEOUT_MS: a browser's own fetch may wait far
 * longer on a stalled connection, and the caller's fallback should not wait with it.
 */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`a page chunk did not load within ${timeoutMs} ms`)),
      timeoutMs,
    );
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
