import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { FEED_PATH } from "../platform/feed-room.ts";
import { SANDBOX_SITE } from "../platform/sandbox-site.ts";
import { renderBiocontext } from "./biocontext.ts";
import type { Clock } from "./clock.ts";
import { regionOf } from "./countries.ts";
import { type FaultController, type FaultPlan, Faults } from "./faults.ts";
import { type FeedQuery, parseFeedQuery } from "./feed-query.ts";
import { renderRoom } from "./feed-render.ts";
import { isExhibitionist, type Population, type TruthRoom } from "./population.ts";
import { thumbnailSvg } from "./thumbnail.ts";

/**
 * The sandbox platform's HTTP face: the online-rooms feed (ONLINE_ROOMS_API.md), the profile
 * endpoint (/api/biocontext/{username}/), the image host (/ri/{username}.jpg) and a ground-truth
 * endpoint for tests running in other processes.
 */
export interface SandboxServer {
  /** base URL, e.g. http://127.0.0.1:41234 (no trailing slash) */
  url: string;
  /** url + FEED_PATH */
  feedUrl: string;
  /** faults of the feed */
  faults: FaultController;
  /**
   * Faults of the profile endpoint: a stream of their own, so profile requests never consume the
   * feed's one-shot faults nor shift its seeded draws. Status, Retry-After, slow and truncate apply.
   */
  profileFaults: FaultController;
  /** feed requests served so far */
  readonly requestCount: number;
  /** profile (biocontext) requests served so far */
  readonly profileRequestCount: number;
  close(): Promise<void>;
}

export interface SandboxOptions {
  population: Population;
  clock: Clock;
  /** default 127.0.0.1 */
  host?: string;
  /** default 0 = any free port */
  port?: number;
  /** base of chat_room_url, default SANDBOX_SITE */
  site?: string;
  /** seed of the fault PRNG; default derived from the population's seed */
  faultSeed?: number;
}

const THUMB_PATH = /^\/ri\/([a-z0-9_]{1,64})\.jpg$/;
const TRUTH_PATH = "/_sandbox/truth";
/** One path segment; the population decides whether it names a performer (404 if not). */
const BIO_PATH = /^\/api\/biocontext\/([^/]{1,200})\/$/;

export async function startSandbox(opts: SandboxOptions): Promise<SandboxServer> {
  const { population, clock } = opts;
  const site = (opts.site ?? SANDBOX_SITE).replace(/\/+$/, "");
  const faults = new Faults(opts.faultSeed ?? population.seed);
  const profileFaults = new Faults((opts.faultSeed ?? population.seed) ^ 0xb105);
  const timers = new Set<NodeJS.Timeout>();
  let requestCount = 0;
  let profileRequestCount = 0;
  let base = "";
  // Paging a sweep asks for the same instant many times (always, with a manual clock).
  let cached: { ms: number; rooms: TruthRoom[] } | undefined;
  const truthNow = (ms: number): TruthRoom[] => {
    if (cached?.ms !== ms) cached = { ms, rooms: population.truthAt(ms) };
    return cached.rooms;
  };

  /** Answers now, or after the plan's delay (a slow platform). */
  const afterDelay = (plan: FaultPlan, answer: () => void) => {
    if (plan.delayMs <= 0) return answer();
    const timer = setTimeout(() => {
      timers.delete(timer);
      answer();
    }, plan.delayMs);
    timers.add(timer);
  };

  const serveFeed = (url: URL, res: ServerResponse) => {
    requestCount++;
    const ms = clock.now();
    const plan = faults.next();
    afterDelay(plan, () => answerFeed(url, res, plan, ms));
  };

  const serveProfile = (rawUsername: string, res: ServerResponse) => {
    profileRequestCount++;
    const ms = clock.now();
    const plan = profileFaults.next();
    afterDelay(plan, () => {
      if (plan.status !== undefined) return sendFault(res, plan);
      let username: string;
      try {
        username = decodeURIComponent(rawUsername);
      } catch {
        return sendJson(res, 404, { error: "no such performer" });
      }
      const truth = population.profileAt?.(username, ms) ?? null;
      if (truth === null) return sendJson(res, 404, { error: "no such performer" });
      let body = JSON.stringify(renderBiocontext(truth, ms));
      if (plan.truncate) body = body.slice(0, Math.floor(body.length * (0.2 + 0.6 * plan.random())));
      sendBody(res, 200, "application/json; charset=utf-8", body);
    });
  };

  const answerFeed = (url: URL, res: ServerResponse, plan: FaultPlan, ms: number) => {
    if (plan.status !== undefined) return sendFault(res, plan);
    const parsed = parseFeedQuery(url.searchParams);
    if (!parsed.ok) return sendJson(res, 400, { error: parsed.error });
    const q = parsed.query;
    const rooms = truthNow(ms).filter((room) => matches(room, q, population.seed));
    const from = Math.max(0, q.offset + plan.shift);
    const ctx = { imageBase: base, site, wm: q.wm, seed: population.seed };
    const results = rooms.slice(from, from + q.limit).map((room) => renderRoom(room, ctx, plan));
    let body = JSON.stringify({ count: rooms.length, results });
    if (plan.truncate) body = body.slice(0, Math.floor(body.length * (0.2 + 0.6 * plan.random())));
    sendBody(res, 200, "application/json; charset=utf-8", body);
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://sandbox.invalid");
    if (req.method !== "GET" && req.method !== "HEAD")
      return sendJson(res, 405, { error: "method not allowed" });
    if (url.pathname === FEED_PATH) return serveFeed(url, res);
    const bio = BIO_PATH.exec(url.pathname);
    if (bio !== null) return serveProfile(bio[1] ?? "", res);
    const thumb = THUMB_PATH.exec(url.pathname);
    if (thumb !== null) return serveThumbnail(res, population, thumb[1] ?? "");
    if (url.pathname === TRUTH_PATH) return serveTruth(res, url, population, clock);
    sendJson(res, 404, { error: "not found" });
  };

  const server = createServer((req, res) => {
    try {
      handle(req, res);
    } catch (err) {
      sendJson(res, 500, { error: err instanceof Error ? err.message : "internal error" });
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, opts.host ?? "127.0.0.1", () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  base = `http://${host}:${address.port}`;

  return {
    url: base,
    feedUrl: base + FEED_PATH,
    faults,
    profileFaults,
    get requestCount() {
      return requestCount;
    },
    get profileRequestCount() {
      return profileRequestCount;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function matches(room: TruthRoom, q: FeedQuery, seed: number): boolean {
  if (q.genders.size > 0 && !q.genders.has(room.gender)) return false;
  for (const tag of q.tags) if (!room.tags.includes(tag)) return false;
  if (q.regions.size > 0 && !q.regions.has(regionOf(room.country))) return false;
  if (q.hd !== undefined && room.isHd !== q.hd) return false;
  if (q.exhibitionist !== undefined && isExhibitionist(seed, room.username) !== q.exhibitionist) return false;
  return true;
}

function sendFault(res: ServerResponse, plan: FaultPlan): void {
  const status = plan.status ?? 503;
  if (status === 429) {
    res.setHeader("Retry-After", String(plan.retryAfterSeconds ?? 1));
    sendJson(res, 429, { error: "rate limited" });
    return;
  }
  // Refusals come from a front proxy on the real platform: an HTML page, not JSON.
  if (status === 403) sendBody(res, 403, "text/html; charset=utf-8", "<h1>403 Forbidden</h1>\n");
  else sendJson(res, status, { error: status >= 500 ? "service unavailable" : `status ${status}` });
}

function serveThumbnail(res: ServerResponse, population: Population, username: string): void {
  if (population.hasUsername !== undefined && !population.hasUsername(username)) {
    sendJson(res, 404, { error: "no such room" });
    return;
  }
  res.setHeader("Cache-Control", "public, max-age=60");
  sendBody(res, 200, "image/svg+xml", thumbnailSvg(username));
}

function serveTruth(res: ServerResponse, url: URL, population: Population, clock: Clock): void {
  const at = url.searchParams.get("at");
  const ms = at === null || at === "" ? clock.now() : /^\d+$/.test(at) ? Number(at) : Date.parse(at);
  if (Number.isFinite(ms)) sendJson(res, 200, population.truthAt(ms));
  else sendJson(res, 400, { error: "at must be an ISO time or epoch milliseconds" });
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  sendBody(res, status, "application/json; charset=utf-8", JSON.stringify(value));
}

function sendBody(res: ServerResponse, status: number, contentType: string, body: string): void {
  res.statusCode = status;
  res.setHeader("Content-Type", contentType);
  res.setHeader("Content-Length", Buffer.byteLength(body));
  res.end(res.req.method === "HEAD" ? undefined : body);
}
