import { describe, expect, it } from "vitest";
import { addDays } from "../../../rules/calendar.ts";
import {
  readTrafficDay,
  readTrafficGender,
  readTrafficTag,
  trafficDayCacheControl,
  trafficPath,
  trafficTagPath,
} from "./url.ts";

const NOW = Date.parse("2026-03-10T12:00:00Z");
const params = (query: string) => new URLSearchParams(query);

describe("the traffic addresses", () => {
  it("reads ?gender= in the page-level words and redirects the other spellings", () => {
    expect(readTrafficGender(params(""))).toEqual({ gender: "all" });
    expect(readTrafficGender(params("gender=female"))).toEqual({ gender: "female" });
    expect(readTrafficGender(params("gender=couples"))).toEqual({ gender: "couples" });
    expect(readTrafficGender(params("gender=women"))).toEqual({ redirect: "/traffic?gender=female" });
    expect(readTrafficGender(params("gender=men"))).toEqual({ redirect: "/traffic?gender=male" });
    expect(readTrafficGender(params("gender=all"))).toEqual({ redirect: "/traffic" });
    expect(readTrafficGender(params("gender=Female"))).toBeNull();
    expect(readTrafficGender(params("gender=x"))).toBeNull();
    expect(readTrafficGender(params("gender=f&gender=m"))).toBeNull();
  });

  it("writes /traffic without all", () => {
    expect(trafficPath("all")).toBe("/traffic");
    expect(trafficPath("trans")).toBe("/traffic?gender=trans");
    expect(trafficTagPath("2026-01-01", "asian")).toBe("/traffic/2026-01-01/asian");
  });

  it("takes real dates up to today only", () => {
    expect(readTrafficDay("2026-03-10", NOW)).toBe("2026-03-10");
    expect(readTrafficDay("2026-03-11", NOW)).toBeNull();
    expect(readTrafficDay("2026-02-29", NOW)).toBeNull();
    expect(readTrafficDay("2026-3-01", NOW)).toBeNull();
    expect(readTrafficDay(undefined, NOW)).toBeNull();
  });

  it("takes tags that can name a file", () => {
    expect(readTrafficTag("asian")).toBe("asian");
    expect(readTrafficTag("big-boobs_2")).toBe("big-boobs_2");
    expect(readTrafficTag("Asian")).toBeNull();
    expect(readTrafficTag("a b")).toBeNull();
    expect(readTrafficTag("")).toBeNull();
  });

  it("keeps today a minute, yesterday 5 minutes and older days a day", () => {
    expect(trafficDayCacheControl("2026-03-10", NOW)).toBe("public, max-age=60");
    expect(trafficDayCacheControl("2026-03-09", NOW)).toBe("public, max-age=300");
    expect(trafficDayCacheControl("2026-03-08", NOW)).toBe("public, max-age=86400");
  });

  it("adds days across months", () => {
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2025-12-29", 7)).toBe("2026-01-05");
  });
});
