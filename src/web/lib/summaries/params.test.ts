import { describe, expect, it } from "vitest";
import {
  isWrappedSegment,
  monthlyPath,
  readMonthParam,
  readPerformerName,
  readYearParam,
  wrappedPath,
} from "./params.ts";

const q = (query: string) => new URLSearchParams(query);

describe("the summary pages' address rules", () => {
  it("reads a performer name: lowercase is the page, capitals move, anything else is none", () => {
    expect(readPerformerName("alice_99")).toEqual({ name: "alice_99", redirect: false });
    expect(readPerformerName("Alice_99")).toEqual({ name: "alice_99", redirect: true });
    expect(readPerformerName("a.b-c")).toEqual({ name: "a.b-c", redirect: false });
    for (const bad of [undefined, "", "-alice", "al ice", "al%ice", "a/b", "x".repeat(65)])
      expect(readPerformerName(bad)).toBeNull();
  });

  it("takes the wrapped page's first segment only as exactly {slug}_wrapped", () => {
    expect(isWrappedSegment("camsandbox_wrapped", "camsandbox")).toBe(true);
    expect(isWrappedSegment("CamSandbox_wrapped", "camsandbox")).toBe(false);
    expect(isWrappedSegment("other_wrapped", "camsandbox")).toBe(false);
    expect(isWrappedSegment("camsandbox", "camsandbox")).toBe(false);
    expect(isWrappedSegment(undefined, "camsandbox")).toBe(false);
  });

  it("reads ?year from our history's first year to this year, this year by default", () => {
    expect(readYearParam(q(""), 2026, 2024)).toBe(2026);
    expect(readYearParam(q("year=2024"), 2026, 2024)).toBe(2024);
    expect(readYearParam(q("year=2026"), 2026, 2024)).toBe(2026);
    for (const bad of [
      "year=2023",
      "year=2027",
      "year=26",
      "year=20266",
      "year=abcd",
      "year=",
      "year=2025&year=2024",
    ])
      expect(readYearParam(q(bad), 2026, 2024), bad).toBeNull();
    // No history yet: this year only.
    expect(readYearParam(q("year=2026"), 2026, 2026)).toBe(2026);
    expect(readYearParam(q("year=2025"), 2026, 2026)).toBeNull();
  });

  it("reads ?month from our history's first month to this month, this month by default", () => {
    expect(readMonthParam(q(""), "2026-11", "2025-03")).toBe("2026-11");
    expect(readMonthParam(q("month=2025-03"), "2026-11", "2025-03")).toBe("2025-03");
    for (const bad of [
      "month=2025-02",
      "month=2026-12",
      "month=2026-13",
      "month=2026-00",
      "month=2026-1",
      "month=2026-11-01",
      "month=",
      "month=2026-10&month=2026-09",
    ])
      expect(readMonthParam(q(bad), "2026-11", "2025-03"), bad).toBeNull();
  });

  it("writes the addresses with the default left out", () => {
    expect(wrappedPath("camsandbox", "alice")).toBe("/camsandbox_wrapped/alice");
    expect(wrappedPath("camsandbox", "alice", 2026, 2026)).toBe("/camsandbox_wrapped/alice");
    expect(wrappedPath("camsandbox", "alice", 2025, 2026)).toBe("/camsandbox_wrapped/alice?year=2025");
    expect(monthlyPath("alice")).toBe("/monthly_summary/alice");
    expect(monthlyPath("alice", "2026-11", "2026-11")).toBe("/monthly_summary/alice");
    expect(monthlyPath("alice", "2025-12", "2026-11")).toBe("/monthly_summary/alice?month=2025-12");
  });
});
