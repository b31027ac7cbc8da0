import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FEED_PATH, type FeedResponse } from "../platform/feed-room.ts";
import { ManualClock } from "./clock.ts";
import { createPerformers } from "./performers.ts";
import { createPopulation } from "./population.ts";
import { type SandboxServer, startSandbox } from "./server.ts";

const T = Date.UTC(2026, 10, 10, 21, 0);
const SEED = 11;
const SIZE = 5000;
const population = createPopulation({ seed: SEED, performers: SIZE });
/** The same performers, for their usernames and join times (the population hides them). */
const performers = createPerformers(SEED, SIZE);
let sandbox: SandboxServer;

beforeAll(async () => {
  sandbox = await startSandbox({ population, clock: new ManualClock(T) });
});
afterAll(() => sandbox.close());

interface Biocontext {
  follower_count: number;
  location: string;
  about_me: string;
  display_age: number | null;
  last_broadcast: string | null;
  time_since_last_broadcast: string;
}

async function biocontext(username: string, server = sandbox): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${server.url}/api/biocontext/${encodeURIComponent(username)}/`);
  expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
  return { status: res.status, body: await res.json() };
}

const joined = performers.usernames.filter((_, i) => (performers.joinSec[i] ?? 0) * 1000 <= T);

describe("sandbox profile endpoint (biocontext)", () => {
  it("agrees with the feed for performers online now", async () => {
    const feed = (await (
      await fetch(`${sandbox.url}${FEED_PATH}?wm=x&client_ip=request_ip&limit=40`)
    ).json()) as FeedResponse;
    expect(feed.results.length).toBe(40);
    for (const room of feed.results) {
      const { status, body } = await biocontext(room.username);
      expect(status).toBe(200);
      expect(body).toEqual({
        follower_count: room.num_followers,
        location: room.location,
        about_me: population.profileAt?.(room.username, T)?.aboutMe,
        display_age: room.age,
        last_broadcast: new Date(T).toISOString(),
        time_since_last_broadcast: "online now",
      });
    }
  });

  it("tells when an offline performer's last broadcast ended, as the ground truth has it", async () => {
    const online = new Set(population.truthAt(T).map((r) => r.username));
    const offline = joined.filter((u) => !online.has(u)).slice(0, 300);
    let checked = 0;
    for (const username of offline) {
      const body = (await biocontext(username)).body as Biocontext;
      if (body.last_broadcast === null) {
        expect(body.time_since_last_broadcast).toBe("");
        continue;
      }
      const end = Date.parse(body.last_broadcast);
      expect(end).toBeLessThan(T);
      expect(body.time_since_last_broadcast).toMatch(/^\d+ (minute|hour|day)s? ago$/);
      // Within the last day the truth is cheap to ask: online one second before the end, not at it.
      if (T - end < 86_400_000) {
        expect(population.truthAt(end - 1000).some((r) => r.username === username)).toBe(true);
        expect(population.truthAt(end).some((r) => r.username === username)).toBe(false);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it("answers 404 with a JSON error for a username the platform does not know (yet)", async () => {
    const notYet = performers.usernames.find((_, i) => (performers.joinSec[i] ?? 0) * 1000 > T);
    expect(notYet).toBeDefined();
    for (const username of ["nobody_ever_zz9", notYet ?? "", "✓ x"]) {
      const { status, body } = await biocontext(username);
      expect(status, username).toBe(404);
      expect(body).toEqual({ error: "no such performer" });
    }
    expect((await fetch(`${sandbox.url}/api/biocontext/${joined[0]}`)).status).toBe(404);
  });

  it("is deterministic: another sandbox of the same seed serves the same bytes", async () => {
    const again = await startSandbox({
      population: createPopulation({ seed: SEED, performers: SIZE }),
      clock: new ManualClock(T),
    });
    try {
      for (const username of joined.slice(0, 50)) {
        const a = await (await fetch(`${sandbox.url}/api/biocontext/${username}/`)).text();
        const b = await (await fetch(`${again.url}/api/biocontext/${username}/`)).text();
        expect(b).toBe(a);
      }
    } finally {
      await again.close();
    }
  });

  it("misbehaves on demand through its own faults, leaving the feed's alone", async () => {
    const username = joined[0] ?? "";
    sandbox.profileFaults.enqueue(
      { kind: "rateLimit", retryAfterSeconds: 7 },
      { kind: "status", status: 503 },
      { kind: "truncate" },
    );
    const feed = await fetch(`${sandbox.url}${FEED_PATH}?wm=x&client_ip=request_ip&limit=1`);
    expect(feed.status).toBe(200);
    const limited = await fetch(`${sandbox.url}/api/biocontext/${username}/`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("7");
    expect((await fetch(`${sandbox.url}/api/biocontext/${username}/`)).status).toBe(503);
    const truncated = await fetch(`${sandbox.url}/api/biocontext/${username}/`);
    expect(truncated.status).toBe(200);
    await expect(truncated.json()).rejects.toThrow();
    expect((await biocontext(username)).status).toBe(200);
  });
});
