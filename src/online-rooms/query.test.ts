import { describe, expect, it } from "vitest";
import { normalizeRoomsQuery, roomsQueryString } from "./query.ts";

describe("the rooms query's hd flag", () => {
  it("is part of the normal spelling only when given", () => {
    expect(normalizeRoomsQuery({ genders: ["c", "f"], tags: ["b", "a"], offset: 0 })).toEqual({
      genders: ["f", "c"],
      tags: ["a", "b"],
      offset: 0,
    });
    expect(normalizeRoomsQuery({ genders: [], tags: [], offset: 90, hd: undefined })).toEqual({
      genders: [],
      tags: [],
      offset: 90,
    });
    expect(normalizeRoomsQuery({ genders: [], tags: [], offset: 0, hd: false })).toEqual({
      genders: [],
      tags: [],
      offset: 0,
      hd: false,
    });
  });
  it("ends the query string (the cache key): true, false, or nothing", () => {
    expect(roomsQueryString({ genders: ["m"], tags: [], offset: 0, hd: true })).toBe(
      "gender=m&offset=0&hd=true",
    );
    expect(roomsQueryString({ genders: ["m"], tags: [], offset: 0, hd: false })).toBe(
      "gender=m&offset=0&hd=false",
    );
    expect(roomsQueryString({ genders: ["m"], tags: [], offset: 0 })).toBe("gender=m&offset=0");
  });
});
