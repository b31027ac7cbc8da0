import { retryAfterMs } from "./feed-client.ts";

/**
 * Reads one performer's room image from the platform's image host ({host}/ri/{username}.jpg, the
 * feed's image_url: ONLINE_ROOMS_API.md). The address is made from the configured host, never
 * taken from a feed field, and nothing leaves that host: a redirect is followed only to the same
 * origin, a few times at most. A timeout covers the whole answer and the body is read up to a cap,
 * so a slow or huge answer costs little. Like the bio client it never retries: the keeper decides
 * what a failure costs. The bytes are not trusted either (src/collect/thumb-image.ts).
 */
export type ImageAnswer =
  | { kind: "found"; bytes: Buffer }
  /** 404: the host has no image for the name */
  | { kind: "unknown" }
  /** 429: wait this long (from Retry-After), or the caller's own back-off when null */
  | { kind: "rateLimited"; waitMs: number | null }
  /** anything else: another status, a redirect elsewhere, a timeout, a body over the cap */
  | { kind: "failed"; error: string };

export interface ImageSource {
  fetchRoomImage(username: string): Promise<ImageAnswer>;
}

export interface ImageHostClientOptions {
  /** The image host's base URL (PLATFORM_IMAGE_URL, or the sandbox's own address). */
  baseUrl: string;
  timeoutMs: number;
  /** The largest body read; a longer one is a failure. */
  maxBytes: number;
}

/** Redirects followed within the host's origin; more is a loop or a misconfiguration. */
export const MAX_REDIRECTS = 3;

export const REDIRECT_ELSEWHERE = "redirect off the image host";
export const TOO_MANY_REDIRECTS = `more than ${MAX_REDIRECTS} redirects`;
export const bodyTooLarge = (maxBytes: number) => `image over ${maxBytes} bytes`;

export function roomImageUrl(baseUrl: string, username: string): string {
  return `${baseUrl.replace(/\/+$/, "")}/ri/${encodeURIComponent(username)}.jpg`;
}

export class ImageHostClient implements ImageSource {
  private readonly origin: string;

  constructor(private readonly options: ImageHostClientOptions) {
    this.origin = new URL(options.baseUrl).origin;
  }

  async fetchRoomImage(username: string): Promise<ImageAnswer> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.options.timeoutMs);
    try {
      let url = roomImageUrl(this.options.baseUrl, username);
      for (let redirects = 0; ; redirects++) {
        const response = await fetch(url, {
          signal: controller.signal,
          redirect: "manual",
          headers: { accept: "image/jpeg,image/webp,image/png,*/*;q=0.5" },
        });
        if (response.status >= 300 && response.status < 400) {
          await response.body?.cancel();
          const location = response.headers.get("location");
          const next = location === null ? null : urlOrNull(location, url);
          if (next === null || next.origin !== this.origin)
            return { kind: "failed", error: REDIRECT_ELSEWHERE };
          if (redirects >= MAX_REDIRECTS) return { kind: "failed", error: TOO_MANY_REDIRECTS };
          url = next.href;
          continue;
        }
        if (response.status !== 200) {
          await response.body?.cancel();
          if (response.status === 404) return { kind: "unknown" };
          if (response.status === 429) {
            return { kind: "rateLimited", waitMs: retryAfterMs(response.headers.get("retry-after")) };
          }
          return { kind: "failed", error: `HTTP ${response.status}` };
        }
        const bytes = await readCapped(response, this.options.maxBytes);
        return bytes === null
          ? { kind: "failed", error: bodyTooLarge(this.options.maxBytes) }
          : { kind: "found", bytes };
      }
    } catch (error) {
      const reason = controller.signal.aborted ? `timeout after ${this.options.timeoutMs} ms` : String(error);
      return { kind: "failed", error: reason };
    } finally {
      clearTimeout(timer);
    }
  }
}

function urlOrNull(location: string, base: string): URL | null {
  try {
    return new URL(location, base);
  } catch {
    return null;
  }
}

/** The body, or null once it is longer than `maxBytes` (stopped there, whatever Content-Length said). */
async function readCapped(response: Response, maxBytes: number): Promise<Buffer | null> {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    return null;
  }
  if (response.body === null) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}
