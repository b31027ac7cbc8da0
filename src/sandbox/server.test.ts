import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FEED_PATH, type FeedResponse } from "../platform/feed-room.ts";
import { ManualClock } from "./clock.ts";
import { regionOf } from "./countries.ts";
import { createPopulation, type TruthRoom } from "./population.ts";
import { type SandboxServer, startSandbox } from "./server.ts";

const T = Date.UTC(2026, 10, 10, 1, 0);
const population = createPopulation({ seed: 5, performers: 20_000 });
const clock = new ManualClock(T);
let sandbox: SandboxServer;

beforeAll(async () => {
  sandbox = await startSandbox({ population, clock });
});
afterAll(async () => {
  await sandbox.close();
});

async function feed(query: string): Promise<{ status: number; body: FeedResponse }> {
  const res = await fetch(`${sandbox.feedUrl}?${query}`);
  return { status: res.status, body: (await res.json()) as FeedResponse };
}

const BASE = "wm=abc12&client_ip=request_ip";

describe("sandbox feed: validation", () => {
  it("answers 400 naming the missing or bad parameter", async () => {
    for (const [query, word] of [
      ["client_ip=request_ip", "wm"],
      ["wm=abc12", "client_ip"],
      [`${BASE}&limit=0`, "limit"],
      [`${BASE}&limit=501`, "limit"],
      [`${BASE}&offset=-1`, "offset"],
      [`${BASE}&format=xml`, "only json"],
      [`${BASE}&gender=x`, "gender"],
      [`${BASE}&tag=a&tag=b&tag=c&tag=d&tag=e&tag=f`, "tag"],
    ] as const) {
      const res = await fetch(`${sandbox.feedUrl}?${query}`);
      expect(res.status, query).toBe(400);
      const body = (await res.json()) as { error: string };
      expect(body.error).toContain(word);
    }
  });

  it("accepts any client_ip, ignores unknown parameters, and 404s other paths", async () => {
    expect((await feed("wm=x&client_ip=203.0.113.9&whatever=1")).status).toBe(200);
    expect((await fetch(`${sandbox.url}/api/nothing/`)).status).toBe(404);
    expect(sandbox.feedUrl).toBe(sandbox.url + FEED_PATH);
  });
});

describe("sandbox feed: content", () => {
  it("pages in disjoint windows, in order, with a constant count", async () => {
    const truth = population.truthAt(T);
    const seen: string[] = [];
    let counts = new Set<number>();
    for (let offset = 0; offset < truth.length; offset += 500) {
      const { status, body } = await feed(`${BASE}&limit=500&offset=${offset}`);
      expect(status).toBe(200);
      counts = counts.add(body.count);
      seen.push(...body.results.map((r) => r.username));
    }
    expect([...counts]).toEqual([truth.length]);
    expect(seen).toEqual(truth.map((r) => r.username));
    const { body } = await feed(BASE);
    expect(body.results).toHaveLength(100);
  });

  it("serves every FeedRoom field, matching the truth, plus unknown extra fields", async () => {
    const truth = new Map(population.truthAt(T).map((r) => [r.username, r]));
    const { body } = await feed("wm=camp9&client_ip=request_ip&limit=300");
    const fields = [
      "username",
      "display_name",
      "gender",
      "age",
      "birthday",
      "location",
      "country",
      "spoken_languages",
      "num_users",
      "num_followers",
      "tags",
      "room_subject",
      "current_show",
      "seconds_online",
      "is_new",
      "is_hd",
      "image_url",
      "image_url_360x270",
      "chat_room_url",
      "chat_room_url_revshare",
      "iframe_embed",
      "iframe_embed_revshare",
      "slug",
    ];
    for (const room of body.results) {
      for (const field of fields) expect(room, field).toHaveProperty(field);
      const t = truth.get(room.username) as TruthRoom;
      expect(room.num_users).toBe(t.viewers);
      expect(room.num_followers).toBe(t.followers);
      expect(room.gender === "s" ? "t" : room.gender).toBe(t.gender);
      expect(room.slug).toBe(room.username);
      expect(room.image_url).toBe(`${sandbox.url}/ri/${room.username}.jpg`);
      expect(room.chat_room_url).toBe(
        `https://sandbox-cams.example/in/?tour=LQps&campaign=camp9&track=default&room=${room.username}`,
      );
      expect(room.iframe_embed).toMatch(/^<iframe /);
      expect(room).toHaveProperty("is_gaming");
      expect(room).toHaveProperty("label");
    }
  });

  it("filters by gender (repeatable), tags (AND), region and hd", async () => {
    const truth = population.truthAt(T);
    const expectCount = async (query: string, pred: (r: TruthRoom) => boolean) => {
      const { body } = await feed(`${BASE}&limit=500&${query}`);
      const want = truth.filter(pred);
      expect(want.length, query).toBeGreaterThan(0);
      expect(body.count, query).toBe(want.length);
      expect(body.results.map((r) => r.username)).toEqual(want.slice(0, 500).map((r) => r.username));
    };
    await expectCount("gender=c", (r) => r.gender === "c");
    await expectCount("gender=f&gender=c", (r) => r.gender === "f" || r.gender === "c");
    await expectCount("gender=s", (r) => r.gender === "t");
    await expectCount("tag=latina", (r) => r.tags.includes("latina"));
    await expectCount(
      "tag=latina&tag=bigboobs",
      (r) => r.tags.includes("latina") && r.tags.includes("bigboobs"),
    );
    await expectCount("region=southamerica", (r) => regionOf(r.country) === "southamerica");
    await expectCount("region=asia&region=other", (r) => ["asia", "other"].includes(regionOf(r.country)));
    await expectCount("hd=true", (r) => r.isHd);
    await expectCount("hd=false", (r) => !r.isHd);
    const all = (await feed(BASE)).body.count;
    const ex = (await feed(`${BASE}&exhibitionist=true`)).body.count;
    const notEx = (await feed(`${BASE}&exhibitionist=false`)).body.count;
    expect(ex + notEx).toBe(all);
    expect(ex / all).toBeGreaterThan(0.04);
    expect(ex / all).toBeLessThan(0.2);
  });
});

describe("sandbox image host and truth endpoint", () => {
  it("serves a JPEG thumbnail for a performer, 404 for an unknown name", async () => {
    const name = population.truthAt(T)[0]?.username ?? "";
    const res = await fetch(`${sandbox.url}/ri/${name}.jpg`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(res.headers.get("cache-control")).toContain("max-age=60");
    const jpeg = Buffer.from(await res.arrayBuffer());
    expect(await sharp(jpeg).metadata()).toMatchObject({ format: "jpeg", width: 360, height: 270 });
    // The same picture each time (the name decides it), kept rather than drawn again.
    expect(Buffer.from(await (await fetch(`${sandbox.url}/ri/${name}.jpg`)).arrayBuffer())).toEqual(jpeg);
    expect((await fetch(`${sandbox.url}/ri/nobody_ever_zz9.jpg`)).status).toBe(404);
  });

  it("serves a room's player and its state: moving for a public room, a still otherwise", async () => {
    const rooms = population.truthAt(T);
    const live = rooms.find((r) => r.show === "public");
    const away = rooms.find((r) => r.show !== "public");
    if (live === undefined || away === undefined) throw new Error("the sandbox has public and other rooms");
    const page = await fetch(`${sandbox.url}/embed/${live.username}/?campaign=x&room=${live.username}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await page.text();
    expect(html).toContain("<animate ");
    expect(html).toContain(`LIVE · ${live.viewers} watching`);
    expect(await (await fetch(`${sandbox.url}/embed/${away.username}/`)).text()).not.toContain("<animate ");
    const context = await (await fetch(`${sandbox.url}/api/chatvideocontext/${live.username}/`)).json();
    expect(context).toMatchObject({
      room_status: "public",
      num_users: live.viewers,
      broadcaster_username: live.username,
    });
    expect((await fetch(`${sandbox.url}/embed/nobody_ever_zz9/`)).status).toBe(404);
    expect((await fetch(`${sandbox.url}/embed/Bad<Name>/`)).status).toBe(404);
  });

  it("answers the ground truth at a given instant, or now", async () => {
    const at = T + 3_600_000;
    const iso = await (await fetch(`${sandbox.url}/_sandbox/truth?at=${new Date(at).toISOString()}`)).json();
    const epoch = await (await fetch(`${sandbox.url}/_sandbox/truth?at=${at}`)).json();
    expect(iso).toEqual(population.truthAt(at));
    expect(epoch).toEqual(iso);
    const now = await (await fetch(`${sandbox.url}/_sandbox/truth`)).json();
    expect(now).toEqual(population.truthAt(T));
    expect((await fetch(`${sandbox.url}/_sandbox/truth?at=yesterday`)).status).toBe(400);
  });
});
