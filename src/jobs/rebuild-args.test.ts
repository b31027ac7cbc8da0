import { describe, expect, it } from "vitest";
import { parseRebuildArgs } from "./rebuild-args.ts";

describe("npm run rebuild arguments", () => {
  it("takes a range of days", () => {
    expect(parseRebuildArgs(["--from", "2026-10-01", "--to", "2026-10-31"])).toEqual({
      from: "2026-10-01",
      to: "2026-10-31",
    });
    expect(parseRebuildArgs(["--from=2026-10-01", "--to=2026-10-01"])).toEqual({
      from: "2026-10-01",
      to: "2026-10-01",
    });
  });

  it.each([
    [
      ["--to", "2026-10-31"],
      "--from is missing; usage: npm run rebuild -- --from YYYY-MM-DD --to YYYY-MM-DD",
    ],
    [
      ["--from", "2026-10-01"],
      "--to is missing; usage: npm run rebuild -- --from YYYY-MM-DD --to YYYY-MM-DD",
    ],
    [["--from", "2026-02-30", "--to", "2026-03-01"], '--from expects a date as YYYY-MM-DD; got "2026-02-30"'],
    [["--from", "2026-10-01", "--to", "31/10/2026"], '--to expects a date as YYYY-MM-DD; got "31/10/2026"'],
    [["--from", "2026-10-02", "--to", "2026-10-01"], "--from (2026-10-02) is after --to (2026-10-01)"],
  ])("refuses %j: %s", (args, message) => {
    expect(() => parseRebuildArgs(args)).toThrow(message);
  });

  it("refuses unknown options", () => {
    expect(() => parseRebuildArgs(["--from", "2026-10-01", "--to", "2026-10-02", "--force"])).toThrow(
      /--force/,
    );
  });
});
