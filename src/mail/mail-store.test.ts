import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listMail, MAX_KEPT, newMailId, type StoredMail, storeMail } from "./mail-store.ts";

const T0 = Date.parse("2026-11-25T12:00:00Z");

function mail(ms: number, to: string[], subject = "Hello"): StoredMail {
  return {
    id: newMailId(ms),
    to,
    from: "camstats <no-reply@localhost>",
    subject,
    text: "Hello",
    html: null,
    links: [],
    receivedAt: new Date(ms).toISOString(),
  };
}

describe("the sink's message files", () => {
  let dir: string;
  beforeEach(async () => {
    dir = path.join(await mkdtemp(path.join(tmpdir(), "camstats-mail-")), "mail");
  });
  afterEach(() => rm(path.dirname(dir), { recursive: true, force: true }));

  it("lists nothing before the first message (no folder yet)", async () => {
    expect(await listMail(dir, { limit: 10 })).toEqual([]);
  });

  it("lists newest first, filtered by recipient without case, up to the limit", async () => {
    await storeMail(dir, mail(T0 + 2000, ["b@example.com"], "second"));
    await storeMail(dir, mail(T0, ["A@Example.com"], "first"));
    await storeMail(dir, mail(T0 + 3000, ["a@example.com", "c@example.com"], "third"));
    expect((await listMail(dir, { limit: 10 })).map((m) => m.subject)).toEqual(["third", "second", "first"]);
    expect((await listMail(dir, { to: "a@EXAMPLE.com", limit: 10 })).map((m) => m.subject)).toEqual([
      "third",
      "first",
    ]);
    expect((await listMail(dir, { limit: 2 })).map((m) => m.subject)).toEqual(["third", "second"]);
    expect(await listMail(dir, { to: "nobody@example.com", limit: 10 })).toEqual([]);
  });

  it("ignores files that are not messages (a partial write, a stray file)", async () => {
    await storeMail(dir, mail(T0, ["a@example.com"]));
    await writeFile(path.join(dir, `${newMailId(T0 + 1)}.json.123.tmp`), "{");
    await writeFile(path.join(dir, "notes.txt"), "x");
    expect(await listMail(dir, { limit: 10 })).toHaveLength(1);
  });

  it("keeps the newest (MAX_KEPT by default)", async () => {
    expect(MAX_KEPT).toBe(1000);
    for (let i = 0; i < 8; i++) await storeMail(dir, mail(T0 + i, ["a@example.com"], `m${i}`), 5);
    expect((await readdir(dir)).filter((name) => name.endsWith(".json"))).toHaveLength(5);
    expect((await listMail(dir, { limit: 10 })).map((m) => m.subject)).toEqual([
      "m7",
      "m6",
      "m5",
      "m4",
      "m3",
    ]);
  });
});
