import { readFile } from "node:fs/promises";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  LATEST_DAY,
  type TagOverviewFixture,
  writeTagOverviewFixture,
} from "../../../../tests/helpers/tag-overview-files.ts";
import type { PageContext } from "../../../page-context.ts";
import {
  TAG_EXPLORER_DATASETS,
  TAG_RELATED_PATH,
  tagExplorerDayPath,
  tagExplorerPath,
} from "../../../publish/paths.ts";
import { publishJson, resolveUnder } from "../../../publish/write-file.ts";
import { loadTagIndex, loadTagPage } from "./load.server.ts";

/**
 * SPEC §5: "The tag explorer and search use now minus 1 day minus 1 hour." The explorer's pages
 * read the kept edition of that day, so from midnight to 01:00 UTC they still show the day before
 * yesterday, while the latest files (SPEC §3's paths) already hold yesterday.
 */

const YESTERDAY = LATEST_DAY;
const DAY_BEFORE = "2026-01-09";
const at = (iso: string) => new Date(iso);

describe("the tag explorer's day (SPEC §5)", () => {
  let fixture: TagOverviewFixture;
  let context: PageContext;

  /** Writes a day's edition: the latest files' contents, dated that day. */
  const writeEdition = async (day: string) => {
    for (const latest of [...TAG_EXPLORER_DATASETS.map((d) => tagExplorerPath(d)), TAG_RELATED_PATH]) {
      const body = JSON.parse(await readFile(resolveUnder(fixture.root, latest), "utf8")) as {
        day: string;
        from?: string;
      };
      // The window's start marked too, so that a page shows which edition it read it from.
      const from = body.from === undefined ? {} : { from: day };
      await publishJson(fixture.root, tagExplorerDayPath(day, latest), { ...body, day, ...from });
    }
  };

  beforeAll(async () => {
    fixture = await writeTagOverviewFixture({ abbr: "tc", online: [] });
    await writeEdition(DAY_BEFORE);
    await writeEdition(YESTERDAY);
    context = { publishDir: fixture.root } as PageContext;
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    await fixture?.remove();
  });

  const indexDayAt = async (iso: string) => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(at(iso));
    return (await loadTagIndex(new Request("http://localhost/tags"), context)).day;
  };

  it("shows the day before yesterday until 01:00 UTC, then yesterday", async () => {
    expect(await indexDayAt("2026-01-11T00:30:00Z")).toBe(DAY_BEFORE);
    expect(await indexDayAt("2026-01-11T00:59:59Z")).toBe(DAY_BEFORE);
    expect(await indexDayAt("2026-01-11T01:00:00Z")).toBe(YESTERDAY);
    expect(await indexDayAt("2026-01-11T23:59:00Z")).toBe(YESTERDAY);
  });

  it("reads a tag's page from the same day's edition", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(at("2026-01-11T00:30:00Z"));
    const page = await loadTagPage({ tag: "cute" }, context);
    expect(page.day).toBe(DAY_BEFORE);
    expect(page.related?.from).toBe(DAY_BEFORE);
  });

  it("falls back to the latest files when the day's edition is not kept", async () => {
    // Two days after the newest edition (the daily job late): the latest files, whatever their day.
    expect(await indexDayAt("2026-01-13T12:00:00Z")).toBe(LATEST_DAY);
  });
});
