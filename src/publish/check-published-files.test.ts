import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { directoryStorage } from "../storage/directory-storage.ts";
import { checkPublishedFiles } from "./check-published-files.ts";
import { publishManifest } from "./manifest.ts";
import { publishJson } from "./write-file.ts";

describe("checkPublishedFiles", () => {
  let dir = "";
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("passes files that match their family, and names each file that does not", async () => {
    dir = await mkdtemp(path.join(tmpdir(), "check-published-"));
    const store = directoryStorage(dir);
    await publishManifest(store, ["2026-11-27", "2026-11-28"]);
    expect(await checkPublishedFiles(store)).toEqual({
      checked: 1,
      problems: [],
      manifest: { latest: "2026-11-28", days: ["2026-11-27", "2026-11-28"] },
    });

    await publishJson(store, "/api/not_a_family.json", {});
    await store.put("stats/manifest.json", Buffer.from(JSON.stringify({ latest: "yesterday", days: [] })));
    await store.delete("stats/manifest.json.br");
    const { checked, problems } = await checkPublishedFiles(store);
    expect(checked).toBe(2);
    expect(problems[0]).toBe("/api/not_a_family.json: no file family has this path");
    expect(problems[1]).toMatch(/^\/stats\/manifest\.json: .*latest/);
    expect(problems[2]).toBe("/stats/manifest.json: no .br beside it");
    expect(problems).toHaveLength(3);
  });

  it("says a file is not JSON rather than stopping", async () => {
    dir = await mkdtemp(path.join(tmpdir(), "check-published-"));
    const store = directoryStorage(dir);
    await store.put("stats/manifest.json", Buffer.from("{ cut sho"));
    const { problems } = await checkPublishedFiles(store);
    expect(problems[0]).toMatch(/^\/stats\/manifest\.json: not JSON \(/);
  });
});
