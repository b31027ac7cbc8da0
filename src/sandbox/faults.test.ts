import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { FeedResponse } from "../platform/feed-room.ts";
import { ManualClock } from "./clock.ts";
import { createPopulation } from "./population.ts";
import { type SandboxServer, startSandbox } from "./server.ts";

const T = Date.UTC(2026, 10, 10, 1, 0);
const population = createPopulation({ seed: 8, performers: 5000 });
const truth = population.truthAt(T);
let sandbox: SandboxServer;

beforeAll(async () => {
  sandbox = await startSandbox({ population, clock: new ManualClock(T) });
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => {
  sandbox.faults.clear();
});

const page = (offset = 0, limit = 100) =>
  fetch(`${sandbox.feedUrl}?wm=w&client_ip=request_ip&limit=${limit}&offset=${offset}`);
const names = async (res: Response) => ((await res.json()) as FeedResponse).results.map((r) => r.username);

describe("one-shot faults", () => {
  it("status: answers the given status once, then recovers", async () => {
    sandbox.faults.enqueue({ kind: "status", status: 502 }, { kind: "status", status: 403 });
    expect((await page()).status).toBe(502);
    const refused = await page();
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Forbidden");
    expect((await page()).status).toBe(200);
  });

  it("rateLimit: 429 with Retry-After", async () => {
    sandbox.faults.enqueue({ kind: "rateLimit", retryAfterSeconds: 7 });
    const res = await page();
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("7");
  });

  it("slow: answers correctly after the delay", async () => {
    sandbox.faults.enqueue({ kind: "slow", delayMs: 300 });
    const started = performance.now();
    const res = await page();
    expect(performance.now() - started).toBeGreaterThanOrEqual(280);
    expect(await names(res)).toEqual(truth.slice(0, 100).map((r) => r.username));
  });

  it("truncate: 200 with a body that is not parseable JSON", async () => {
    sandbox.faults.enqueue({ kind: "truncate" });
    const res = await page();
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text.length).toBeGreaterThan(10);
    expect(() => JSON.parse(text)).toThrow();
  });

  it("shift: moves the window both ways", async () => {
    sandbox.faults.enqueue({ kind: "shift", by: -20 }, { kind: "shift", by: 30 });
    expect(await names(await page(100))).toEqual(truth.slice(80, 180).map((r) => r.username));
    expect(await names(await page(100))).toEqual(truth.slice(130, 230).map((r) => r.username));
    expect(await names(await page(100))).toEqual(truth.slice(100, 200).map((r) => r.username));
  });

  it("counts feed requests", async () => {
    const before = sandbox.requestCount;
    await page();
    await fetch(`${sandbox.url}/ri/x.jpg`);
    expect(sandbox.requestCount).toBe(before + 1);
  });
});

describe("persistent faults", () => {
  it("errorRate: about that share of requests fail with 503", async () => {
    sandbox.faults.set({ errorRate: 0.5 });
    const statuses = await Promise.all(Array.from({ length: 60 }, () => page(0, 1).then((r) => r.status)));
    const failed = statuses.filter((s) => s === 503).length;
    expect(failed).toBeGreaterThan(15);
    expect(failed).toBeLessThan(45);
    expect(statuses.every((s) => s === 503 || s === 200)).toBe(true);
  });

  it("shiftMax: rooms appear on two pages or on none", async () => {
    sandbox.faults.set({ shiftMax: 15 });
    const seen: string[] = [];
    for (let offset = 0; offset < truth.length; offset += 100)
      seen.push(...(await names(await page(offset))));
    const unique = new Set(seen);
    expect(seen.length !== unique.size || unique.size !== truth.length).toBe(true);
  });

  it("missing and null fields, and extra fields off", async () => {
    sandbox.faults.set({ missingFieldRate: 0.2, extraFields: false });
    const rooms = ((await (await page(0, 200)).json()) as FeedResponse).results;
    const missing = rooms.filter((r) => !("num_followers" in r)).length;
    expect(missing).toBeGreaterThan(15);
    expect(missing).toBeLessThan(70);
    expect(rooms.every((r) => typeof r.username === "string" && !("is_gaming" in r))).toBe(true);

    sandbox.faults.set({ nullFieldRate: 0.2 });
    const nulled = ((await (await page(0, 200)).json()) as FeedResponse).results;
    expect(nulled.filter((r) => r.num_users === null).length).toBeGreaterThan(15);
    expect(nulled.filter((r) => r.tags === null).length).toBeGreaterThan(15);
    expect(nulled.some((r) => "is_gaming" in r)).toBe(true);
  });

  it("slowMs: delays every answer; clear() restores normal service", async () => {
    sandbox.faults.set({ slowMs: 150 });
    let started = performance.now();
    await page();
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    sandbox.faults.clear();
    started = performance.now();
    expect((await page()).status).toBe(200);
  });
});
