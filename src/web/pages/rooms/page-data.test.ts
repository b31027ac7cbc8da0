import { describe, expect, it } from "vitest";
import type { OnlineRoom } from "../../../online-rooms/room.ts";
import {
  ageIdentity,
  forVisitor,
  genderIdentity,
  parsePageParams,
  sameGenders,
  tagIdentity,
} from "./page-data.ts";

const params = (query: string) => parsePageParams(new URLSearchParams(query));

describe("parsePageParams", () => {
  it("reads page (1 by default, up to 200) and the audit flag", () => {
    expect(params("")).toEqual({ page: 1, audit: false });
    expect(params("page=1")).toEqual({ page: 1, audit: false });
    expect(params("page=200&audit")).toEqual({ page: 200, audit: true });
    expect(params("audit=1")?.audit).toBe(true);
    expect(params("audit=true")?.audit).toBe(true);
    for (const off of ["0", "false", "no", "OFF"]) expect(params(`audit=${off}`)?.audit).toBe(false);
  });

  it("names no page for anything else", () => {
    for (const query of [
      "page=0",
      "page=201",
      "page=-1",
      "page=01",
      "page=1.5",
      "page=",
      "page=abc",
      "page=1&page=2",
    ]) {
      expect(params(query), query).toBeNull();
    }
  });
});

describe("tagIdentity", () => {
  it("reads one tag or several, lowercase, without repeats, and says which list it is", () => {
    expect(tagIdentity("asian")).toEqual({
      kind: "tag",
      path: "/tag/asian",
      tags: ["asian"],
      fixedGender: null,
      ageSection: null,
    });
    expect(tagIdentity("Asian,LATINA,asian")).toMatchObject({
      path: "/tag/asian,latina",
      tags: ["asian", "latina"],
    });
    expect(tagIdentity("18,big-ass,foot_fetish")?.tags).toEqual(["18", "big-ass", "foot_fetish"]);
    expect(tagIdentity("русский")?.path).toBe(`/tag/${encodeURIComponent("русский")}`);
  });

  it("is no tag page for parts outside the tag alphabet or more than 5 tags", () => {
    for (const raw of [
      undefined,
      "",
      ",",
      "a,,b",
      "bad tag",
      "#asian",
      "a/b",
      "a".repeat(65),
      "a,b,c,d,e,f",
    ]) {
      expect(tagIdentity(raw), String(raw)).toBeNull();
    }
    expect(tagIdentity("a,b,c,d,e")?.tags).toHaveLength(5);
  });
});

describe("the gender and age pages", () => {
  it("know their own paths only", () => {
    expect(genderIdentity("/female-cams")).toMatchObject({
      kind: "gender",
      path: "/female-cams",
      fixedGender: "f",
    });
    expect(genderIdentity("/male-cams/")).toMatchObject({ fixedGender: "m" });
    expect(genderIdentity("/trans-cams")).toBeNull();
    expect(genderIdentity("/constructor")).toBeNull();
    expect(ageIdentity("/18to21-cams")).toMatchObject({
      kind: "age",
      path: "/18to21-cams",
      ageSection: "18to21-cams",
    });
    expect(ageIdentity("/mature-cams/")?.ageSection).toBe("mature-cams");
    expect(ageIdentity("/toString")).toBeNull();
  });
});

describe("forVisitor", () => {
  const room: OnlineRoom = {
    username: "anna",
    displayName: "",
    gender: "f",
    age: null,
    country: null,
    viewers: 1,
    status: 1,
    imageUrl: "https://img.example/ri/anna.jpg",
    subject: "",
    tags: [],
  };

  it("drops the thumbnails' addresses where age verification applies", () => {
    expect(forVisitor([room], { thumbnails: true, fullText: false })).toEqual([room]);
    expect(forVisitor([room], { thumbnails: false, fullText: false })).toEqual([{ ...room, imageUrl: null }]);
  });
});

describe("sameGenders", () => {
  it("compares as sets", () => {
    expect(sameGenders(["f", "c"], ["c", "f"])).toBe(true);
    expect(sameGenders(["f"], ["f", "c"])).toBe(false);
    expect(sameGenders([], [])).toBe(true);
  });
});
