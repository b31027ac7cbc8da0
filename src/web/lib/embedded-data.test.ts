import { describe, expect, it, vi } from "vitest";
import {
  EMBEDDED_MIN_LENGTH,
  embeddedOrFetch,
  readEmbeddedData,
  serializeEmbeddedData,
} from "./embedded-data.ts";

const rows = { rows: [{ username: "anna", max_u: 1200 }] };
const isRows = (value: unknown): value is typeof rows =>
  typeof value === "object" && value !== null && Array.isArray((value as { rows?: unknown }).rows);

describe("readEmbeddedData", () => {
  it("uses text of at least 20 characters that parses as JSON", () => {
    const text = JSON.stringify(rows);
    expect(text.length).toBeGreaterThanOrEqual(EMBEDDED_MIN_LENGTH);
    expect(readEmbeddedData(text)).toEqual({ ok: true, data: rows });
  });

  it("draws the line at exactly 20 characters", () => {
    const twenty = JSON.stringify({ a: "x".repeat(12) });
    expect(twenty).toHaveLength(20);
    expect(readEmbeddedData(twenty).ok).toBe(true);
    const nineteen = JSON.stringify({ a: "x".repeat(11) });
    expect(nineteen).toHaveLength(19);
    expect(readEmbeddedData(nineteen)).toEqual({
      ok: false,
      reason: "embedded data too short (19 characters)",
    });
  });

  it("refuses missing, empty and unparsable text", () => {
    expect(readEmbeddedData(null)).toEqual({ ok: false, reason: "no embedded data" });
    expect(readEmbeddedData("")).toEqual({ ok: false, reason: "no embedded data" });
    const broken = readEmbeddedData('{"rows": [{"username": "anna"');
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.reason).toMatch(/^embedded data is not JSON: /);
  });

  it("refuses JSON of the wrong shape when given a check", () => {
    expect(readEmbeddedData('{"something": "else entirely"}', isRows)).toEqual({
      ok: false,
      reason: "embedded data has the wrong shape",
    });
    expect(readEmbeddedData(JSON.stringify(rows), isRows)).toEqual({ ok: true, data: rows });
  });
});

describe("serializeEmbeddedData", () => {
  it("cannot end the script element, and parses back to the same data", () => {
    const data = { bio: "</script><script>alert(1)</script><!-- \u2028\u2029 & é" };
    const text = serializeEmbeddedData(data);
    expect(text).not.toContain("<");
    expect(text).not.toContain("\u2028");
    expect(text).not.toContain("\u2029");
    expect(JSON.parse(text)).toEqual(data);
  });
});

describe("embeddedOrFetch", () => {
  it("uses the embedded copy without fetching", async () => {
    const fetchData = vi.fn(async () => ({ rows: [] }));
    const log = vi.fn();
    await expect(embeddedOrFetch(JSON.stringify(rows), fetchData, { log })).resolves.toEqual(rows);
    expect(fetchData).not.toHaveBeenCalled();
    expect(log).not.toHaveBeenCalled();
  });

  it("logs a broken copy and fetches instead", async () => {
    const fetched = { rows: [{ username: "bea", max_u: 10 }] };
    const log = vi.fn();
    await expect(
      embeddedOrFetch("{ not json at all, really }", async () => fetched, { log }),
    ).resolves.toEqual(fetched);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]?.[0]).toMatch(/^embedded data is not JSON: .*; fetching the data instead$/);
  });

  it("logs a short copy and fetches instead", async () => {
    const log = vi.fn();
    await expect(embeddedOrFetch("{}", async () => rows, { log })).resolves.toEqual(rows);
    expect(log).toHaveBeenCalledWith("embedded data too short (2 characters); fetching the data instead");
  });

  it("logs to the console by default", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      await embeddedOrFetch("", async () => rows);
      expect(error).toHaveBeenCalledWith("no embedded data; fetching the data instead");
    } finally {
      error.mockRestore();
    }
  });

  it("fetches quietly when nothing was embedded", async () => {
    const log = vi.fn();
    await expect(embeddedOrFetch(null, async () => rows, { log })).resolves.toEqual(rows);
    expect(log).not.toHaveBeenCalled();
  });

  it("passes a failed fetch on to the caller", async () => {
    await expect(
      embeddedOrFetch(null, async () => Promise.reject(new Error("network down")), { log: () => {} }),
    ).rejects.toThrow("network down");
  });
});
