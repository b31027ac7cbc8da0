import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { FEED_PATH } from "../platform/feed-room.ts";
import { SANDBOX_CONTROL_PATH, SANDBOX_SITE, SANDBOX_TEXT_MAX } from "../platform/sandbox-site.ts";
import { renderBiocontext } from "./biocontext.ts";
import type { Clock } from "./clock.ts";
import { regionOf } from "./countries.ts";
import { type FaultController, type FaultPlan, Faults } from "./faults.ts";
import { type FeedQuery, parseFeedQuery } from "./feed-query.ts";
import { renderRoom } from "./feed-render.ts";
import { type PerformerOverride, SandboxOverrides } from "./overrides.ts";
import { renderChatVideoContext, renderPlayerPage } from "./player.ts";
import { isExhibitionist, type Population, type TruthRoom } from "./population.ts";
import { thumbnailJpeg } from "./thumbnail.ts";

/**
 * The sandbox platform's HTTP face: the online-rooms feed (ONLINE_ROOMS_API.md), the profile
 * endpoint (/api/biocontext/{username}/), the image host (/ri/{username}.jpg), a ground-truth
 * endpoint for tests running in other processes, and a control (POST /_sandbox/performer) that sets
 * a performer's room subject, about-me or online state by hand (overrides.ts).
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
  /** The hand-set performer state laid over the model (also set over HTTP: CONTROL_PATH). */
  overrides: SandboxOverrides;
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
/** POST { performer, roomSubject?, aboutMe?, online? }: each field set wins over the model; null clears it. */
export const CONTROL_PATH = SANDBOX_CONTROL_PATH;
const CONTROL_BODY_MAX = 16_384;
/** One path segment; the population decides whether it names a performer (404 if not). */
const BIO_PATH = /^\/api\/biocontext\/([^/]{1,200})\/$/;
/** The room player to embed, and its state (ONLINE_ROOMS_API.md, "Other public endpoints"). */
const EMBED_PATH = /^\/embed\/([a-z0-9_]{1,64})\/$/;
const CHATVIDEO_PATH = /^\/api\/chatvideocontext\/([a-z0-9_]{1,64})\/$/;

export async function startSandbox(opts: SandboxOptions): Promise<SandboxServer> {
  const { population, clock } = opts;
  const site = (opts.site ?? SANDBOX_SITE).replace(/\/+$/, "");
  const faults = new Faults(opts.faultSeed ?? population.seed);
  const profileFaults = new Faults((opts.faultSeed ?? population.seed) ^ 0xb105);
  const timers = new Set<NodeJS.Timeout>();
  const overrides = new SandboxOverrides();
  let requestCount = 0;
  let profileRequestCount = 0;
  let base = "";
  // Paging a sweep asks for the same instant many times (always, with a manual clock).
  let cached: { ms: number; version: number; rooms: TruthRoom[] } | undefined;
  const truthNow = (ms: number): TruthRoom[] => {
    if (cached?.ms !== ms || cached.version !== overrides.version)
      cached = {
        ms,
        version: overrides.version,
        rooms: overrides.rooms(population, population.truthAt(ms), ms),
      };
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
      const truth = overrides.profile(population.profileAt?.(username, ms) ?? null);
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
    if (url.pathname === CONTROL_PATH) {
      if (req.method !== "POST") return sendJson(res, 405, { error: "method not allowed" });
      return void readBody(req, CONTROL_BODY_MAX).then(
        (body) => serveControl(res, body, population, overrides),
        () => sendJson(res, 413, { error: `a body of at most ${CONTROL_BODY_MAX} bytes` }),
      );
    }
    if (req.method !== "GET" && req.method !== "HEAD")
      return sendJson(res, 405, { error: "method not allowed" });
    if (url.pathname === FEED_PATH) return serveFeed(url, res);
    const bio = BIO_PATH.exec(url.pathname);
    if (bio !== null) return serveProfile(bio[1] ?? "", res);
    const thumb = THUMB_PATH.exec(url.pathname);
    if (thumb !== null) return serveThumbnail(res, population, thumb[1] ?? "");
    if (url.pathname === TRUTH_PATH) return serveTruth(res, url, population, clock, overrides);
    const embed = EMBED_PATH.exec(url.pathname);
    const chatvideo = CHATVIDEO_PATH.exec(url.pathname);
    if (embed !== null || chatvideo !== null) {
      const username = (embed ?? chatvideo)?.[1] ?? "";
      if (population.hasUsername !== undefined && !population.hasUsername(username))
        return sendJson(res, 404, { error: "no such performer" });
      const room = truthNow(clock.now()).find((r) => r.username === username);
      if (chatvideo !== null) return sendJson(res, 200, renderChatVideoContext(username, room));
      return sendBody(res, 200, "text/html; charset=utf-8", renderPlayerPage(username, room));
    }
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
    overrides,
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
  thumbnailJpeg(username).then(
    (jpeg) => {
      res.setHeader("Cache-Control", "public, max-age=60");
      sendBody(res, 200, "image/jpeg", jpeg);
    },
    () => sendJson(res, 500, { error: "the thumbnail could not be drawn" }),
  );
}

function serveTruth(
  res: ServerResponse,
  url: URL,
  population: Population,
  clock: Clock,
  overrides: SandboxOverrides,
): void {
  const at = url.searchParams.get("at");
  const ms = at === null || at === "" ? clock.now() : /^\d+$/.test(at) ? Number(at) : Date.parse(at);
  if (Number.isFinite(ms)) sendJson(res, 200, overrides.rooms(population, population.truthAt(ms), ms));
  else sendJson(res, 400, { error: "at must be an ISO time or epoch milliseconds" });
}

function readBody(req: IncomingMessage, max: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        reject(new Error("too large"));
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/** The control's body checked field by field: a 400 names the first bad one. */
function parseControl(body: string): { performer: string; change: Record<string, unknown> } | string {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return "expected a JSON object";
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return "expected a JSON object";
  const { performer, roomSubject, aboutMe, online } = value as Record<string, unknown>;
  if (typeof performer !== "string" || !/^[a-z0-9_]{1,64}$/.test(performer))
    return "performer: expected a username";
  for (const [name, text] of [
    ["roomSubject", roomSubject],
    ["aboutMe", aboutMe],
  ] as const) {
    if (text !== undefined && text !== null && (typeof text !== "string" || text.length > SANDBOX_TEXT_MAX))
      return `${name}: expected a text of at most ${SANDBOX_TEXT_MAX} characters, or null`;
  }
  if (online !== undefined && online !== null && typeof online !== "boolean")
    return "online: expected true, false or null";
  return { performer, change: { roomSubject, aboutMe, online } };
}

function serveControl(
  res: ServerResponse,
  body: string,
  population: Population,
  overrides: SandboxOverrides,
): void {
  const parsed = parseControl(body);
  if (typeof parsed === "string") sendJson(res, 400, { error: parsed });
  else if (population.hasUsername !== undefined && !population.hasUsername(parsed.performer))
    sendJson(res, 404, { error: "no such performer" });
  else {
    const override = overrides.set(parsed.performer, parsed.change as Partial<PerformerOverride>);
    sendJson(res, 200, { performer: parsed.performer, override });
  }
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  sendBody(res, status, "application/json; charset=utf-8", JSON.stringify(value));
}

function sendBody(res: ServerResponse, status: number, contentType: string, body: string | Buffer): void {
  res.statusCode = status;
  res.setHeader("Content-Type", contentType);
  res.setHeader("Content-Length", Buffer.byteLength(body));
  res.end(res.req.method === "HEAD" ? undefined : body);
}
