import { lookup } from "node:dns/promises";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { type AddressClass, classifyAddress } from "./address-class.ts";
import { IMAGE_MAX_BYTES } from "./image-pipeline.ts";

/** The whole fetch, redirects and body included, ends by this (decision 0022). */
export const FETCH_TIMEOUT_MS = 10_000;
/** Redirects followed at most, each to the allowed origin only. */
export const MAX_REDIRECTS = 2;

export interface SafeFetchOptions {
  /** The only origin fetched (scheme, host and port), e.g. "https://thumb.platform.example". */
  allowedOrigin: string;
  /**
   * Loopback addresses are fetched too: only while the sandbox on this machine is the platform's
   * image host (development, tests). Every other non-public address stays refused.
   */
  allowLoopback?: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** Resolves a host name to its addresses; the system's resolver by default (tests give their own). */
  resolve?: (hostname: string) => Promise<Array<{ address: string; family: number }>>;
}

/** Why nothing came back. */
export type FetchRefusal =
  /** The URL is not on the allowed origin (or not a URL). */
  | "not-allowed"
  /** The host resolved to an address that is not public. */
  | "blocked-address"
  /** A redirect to another origin. */
  | "redirected-elsewhere"
  | "too-many-redirects"
  | "too-large"
  | "timeout"
  /** Not a 200 in the end, or the connection failed. */
  | "failed";

export type SafeFetchResult =
  | { ok: true; bytes: Buffer }
  | { ok: false; refusal: FetchRefusal; detail?: string };

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const defaultResolve = (hostname: string) => lookup(hostname, { all: true, verbatim: true });

class Refused extends Error {
  constructor(
    readonly refusal: FetchRefusal,
    readonly detail?: string,
  ) {
    super(refusal);
  }
}

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * GET of one image from outside, made safe for a server that must not be turned on its own
 * network (SSRF): only `allowedOrigin`; the host resolved here and every address judged (a host
 * with one private address is refused whole); the connection made to the address judged, never a
 * second lookup (so DNS rebinding cannot swap it); redirects followed by hand, at most two, each to
 * the same origin and judged again; one timeout over everything; the body read to `maxBytes` and
 * cut off past it.
 */
export async function safeFetch(url: string, options: SafeFetchOptions): Promise<SafeFetchResult> {
  const allowed = originOf(options.allowedOrigin);
  const maxRedirects = options.maxRedirects ?? MAX_REDIRECTS;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? FETCH_TIMEOUT_MS);
  try {
    if (allowed === null || allowed === "null" || originOf(url) !== allowed) throw new Refused("not-allowed");
    let current = new URL(url);
    // A user name or password is never ours to send.
    if (current.username !== "" || current.password !== "") throw new Refused("not-allowed");
    for (let redirects = 0; ; redirects++) {
      const target = await resolveAllowed(current, options, controller.signal);
      const response = await request(current, target, controller.signal);
      if (REDIRECTS.has(response.statusCode ?? 0)) {
        discard(response);
        const location = response.headers.location;
        const next = location === undefined ? null : originOf(new URL(location, current).href);
        if (next === null || next !== allowed) throw new Refused("redirected-elsewhere", location);
        if (redirects >= maxRedirects) throw new Refused("too-many-redirects");
        current = new URL(location as string, current);
        if (current.username !== "" || current.password !== "")
          throw new Refused("redirected-elsewhere", location);
        continue;
      }
      if (response.statusCode !== 200) {
        discard(response);
        throw new Refused("failed", `HTTP ${response.statusCode}`);
      }
      return { ok: true, bytes: await readCapped(response, options.maxBytes ?? IMAGE_MAX_BYTES) };
    }
  } catch (error) {
    if (error instanceof Refused) return { ok: false, refusal: error.refusal, detail: error.detail };
    if (controller.signal.aborted) return { ok: false, refusal: "timeout" };
    return { ok: false, refusal: "failed", detail: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

/** Whether an address may be fetched: public, or loopback while the sandbox is the image host. */
export function mayFetchFrom(kind: AddressClass, allowLoopback: boolean): boolean {
  return kind === "public" || (allowLoopback && kind === "loopback");
}

/** The address to connect to: the host's, once every one of its addresses was judged. */
async function resolveAllowed(
  url: URL,
  options: SafeFetchOptions,
  signal: AbortSignal,
): Promise<{ address: string; family: 4 | 6 }> {
  const hostname = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const literal = classifyAddress(hostname);
  const addresses =
    literal === "invalid"
      ? await abortable((options.resolve ?? defaultResolve)(hostname), signal)
      : [{ address: hostname, family: hostname.includes(":") ? 6 : 4 }];
  if (addresses.length === 0) throw new Refused("failed", "no address");
  for (const { address } of addresses) {
    const kind = classifyAddress(address);
    if (!mayFetchFrom(kind, options.allowLoopback ?? false))
      throw new Refused("blocked-address", `${address} is ${kind}`);
  }
  const first = addresses[0] as { address: string; family: number };
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new Error("aborted"));
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** One GET, its connection made to `target` whatever the host name says; resolves at the headers. */
function request(
  url: URL,
  target: { address: string; family: 4 | 6 },
  signal: AbortSignal,
): Promise<IncomingMessage> {
  // The name stays the request's (Host header, TLS name and certificate check); the address is ours.
  const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [target]);
    else callback(null, target.address, target.family);
  };
  const get = url.protocol === "https:" ? https.get : http.get;
  return new Promise((resolve, reject) => {
    const req = get(url, {
      lookup: pinned,
      signal,
      agent: false,
      headers: { accept: "image/*", "user-agent": "camstats-image-fetch" },
    });
    req.on("response", resolve);
    req.on("error", reject);
  });
}

/** A response whose body we do not want: dropped at once, whatever it still sends (or never ends). */
function discard(response: IncomingMessage): void {
  response.on("error", () => {});
  response.destroy();
}

/** The body, or a too-large refusal as soon as it passes `max` bytes (the connection dropped). */
function readCapped(response: IncomingMessage, max: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (Number(response.headers["content-length"] ?? 0) > max) {
      response.destroy();
      return reject(new Refused("too-large"));
    }
    const chunks: Buffer[] = [];
    let size = 0;
    response.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        response.destroy();
        reject(new Refused("too-large"));
        return;
      }
      chunks.push(chunk);
    });
    response.on("end", () => resolve(Buffer.concat(chunks)));
    response.on("error", reject);
    response.on("close", () => {
      if (!response.complete) reject(new Error("the connection closed before the body's end"));
    });
  });
}
