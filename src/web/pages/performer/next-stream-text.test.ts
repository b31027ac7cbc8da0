import { describe, expect, it } from "vitest";
import { nextOccurrence } from "../../lib/profile/weekly-time.ts";
import { dayWord, nextStreamForVisitor, nextStreamInPerformerZone } from "./next-stream-text.ts";

const AMS = "Europe/Amsterdam";
// Monday 2026-11-23, 12:00 UTC.
const now = Date.parse("2026-11-23T12:00:00Z");

describe("the next stream in words", () => {
  const tuesday = nextOccurrence({ day: 2, start: "19:00", end: "22:00" }, AMS, now);

  it("names the day as today, tomorrow or a weekday", () => {
    expect(dayWord(now + 3_600_000, AMS, now)).toBe("today");
    expect(dayWord(tuesday.start, AMS, now)).toBe("tomorrow");
    expect(dayWord(now + 3 * 86_400_000, AMS, now)).toBe("Thursday");
  });

  it("says it in the performer's zone, as the server renders it", () => {
    expect(nextStreamInPerformerZone(tuesday, AMS, now)).toBe(
      "Next stream: tomorrow 19:00 (Europe/Amsterdam)",
    );
  });

  it("says it in the visitor's zone with the performer's beside it", () => {
    const thursday = nextOccurrence({ day: 4, start: "19:00", end: "22:00" }, AMS, now);
    expect(nextStreamForVisitor(thursday, AMS, "Europe/London", now)).toBe(
      "Next stream: Thursday 18:00 your time (19:00 Europe/Amsterdam)",
    );
    // The performer's weekday too, when it differs from the visitor's.
    const early = nextOccurrence({ day: 4, start: "02:00", end: "04:00" }, AMS, now);
    expect(nextStreamForVisitor(early, AMS, "America/New_York", now)).toBe(
      "Next stream: Wednesday 20:00 your time (Thursday 02:00 Europe/Amsterdam)",
    );
    expect(nextStreamForVisitor(thursday, AMS, AMS, now)).toBe(
      "Next stream: Thursday 19:00 your time (Europe/Amsterdam)",
    );
  });

  it("says when a stream is under way by the schedule", () => {
    const under = nextOccurrence({ day: 1, start: "12:00", end: "15:00" }, AMS, now);
    expect(nextStreamInPerformerZone(under, AMS, now)).toBe(
      "Streaming now by the schedule, until 15:00 (Europe/Amsterdam)",
    );
    expect(nextStreamForVisitor(under, AMS, "UTC", now)).toBe(
      "Streaming now by the schedule, until 14:00 your time (15:00 Europe/Amsterdam)",
    );
  });
});
