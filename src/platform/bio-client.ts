import { retryAfterMs } from "./feed-client.ts";

/**
 * Reads one performer's profile from the platform's biocontext endpoint (ONLINE_ROOMS_API.md, last
 * section) and says what came of it; it never retries, so the fetcher alone decides what a 429 or a
 * failure costs. Like the feed client, it trusts nothing in the body.
 */
export type BioAnswer =
  /** about_me as served (null counts as ""); cleaning is the caller's */
  | { kind: "found"; aboutMe: string }
  /** 404: the platform does not know the username */
  | { kind: "unknown" }
  /** 429: wait this long (from Retry-After) before asking again, or the caller's back-off when null */
  | { kind: "rateLimited"; waitMs: number | null }
  /** anything else: another status, a timeout, a network error, a body that does not parse */
  | { kind: "failed"; error: string };

export interface BioSource {
  fetchBio(username: string): Promise<BioAnswer>;
}

export interface BioClientOptions {
  /** The platform's site origin (the feed base's origin; the sandbox's own URL). */
  siteUrl: string;
  timeoutMs: number;
}

export function biocontextUrl(siteUrl: string, username: string): string {
  return new URL(`/api/biocontext/${encodeURIComponent(username)}/`, siteUrl).toString();
}

export class BioClient implements BioSource {
  constructor(private readonly options: BioClientOptions) {}

  async fetchBio(username: string): Promise<BioAnswer> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.options.timeoutMs);
    try {
      const response = await fetch(biocontextUrl(this.options.siteUrl, username), {
        signal: controller.signal,
        headers: { accept: "application/json", "accept-encoding": "gzip, deflate, br" },
      });
      const body = await response.text();
      if (response.status === 404) return { kind: "unknown" };
      if (response.status === 429) {
        return { kind: "rateLimited", waitMs: retryAfterMs(response.headers.get("retry-after")) };
      }
      if (!response.ok) return { kind: "failed", error: `HTTP ${response.status}` };
      return parseBiocontext(body);
    } catch (error) {
      const reason = controller.signal.aborted ? `timeout after ${this.options.timeoutMs} ms` : String(error);
      return { kind: "failed", error: reason };
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * A profile body: a JSON object whose about_me is a string, or null for a performer who wrote none.
 * A missing or mistyped about_me is a broken answer, not an empty text: storing "" for it would hide
 * a real text until the next refresh.
 */
export function parseBiocontext(body: string): BioAnswer {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { kind: "failed", error: `unparseable JSON (${body.length} bytes)` };
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    return { kind: "failed", error: "answer is not a JSON object" };
  }
  const aboutMe = (parsed as { about_me?: unknown }).about_me;
  if (aboutMe === null) return { kind: "found", aboutMe: "" };
  if (typeof aboutMe !== "string") return { kind: "failed", error: "answer without a text about_me" };
  return { kind: "found", aboutMe };
}
