import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseRoom, SHOW_CODES } from "./parse-room.ts";

/** A room as the real feed serves it (ONLINE_ROOMS_API.md), unknown fields included. */
function realRoom(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    username: "sweet_anna",
    display_name: "Sweet Anna 💋",
    gender: "f",
    age: 24,
    birthday: "2002-03-14",
    location: "Bogota D.C., Colombia",
    country: "CO",
    spoken_languages: "English, Spanish",
    num_users: 1532,
    num_followers: 88211,
    tags: ["latina", "bigboobs", "lovense"],
    room_subject: "Hi! #latina #bigboobs goal: 500 tokens",
    current_show: "public",
    seconds_online: 3720,
    is_new: false,
    is_hd: true,
    image_url: "https://img.example/ri/sweet_anna.jpg",
    image_url_360x270: "https://img.example/ri/sweet_anna.jpg",
    chat_room_url: "https://site.example/in/?tour=LQps&campaign=abc&track=default&room=sweet_anna",
    chat_room_url_revshare: "https://site.example/in/?tour=LQps&campaign=abc&track=default&room=sweet_anna",
    iframe_embed: "<iframe src='https://site.example/in/?room=sweet_anna'></iframe>",
    iframe_embed_revshare: "<iframe src='https://site.example/in/?room=sweet_anna'></iframe>",
    slug: "sweet_anna",
    block_from_countries: "",
    recorded: "false",
    is_gaming: false,
    label: "",
    ...overrides,
  };
}

describe("parseRoom", () => {
  it("keeps every field of a complete room", () => {
    expect(parseRoom(realRoom())).toEqual({
      username: "sweet_anna",
      profile: {
        display_name: "Sweet Anna 💋",
        gender: "f",
        age: 24,
        birthday: "2002-03-14",
        country: "CO",
        location: "Bogota D.C., Colombia",
        languages: "English, Spanish",
        tags: ["latina", "bigboobs", "lovense"],
        room_subject: "Hi! #latina #bigboobs goal: 500 tokens",
        followers: 88211,
        is_hd: true,
        is_new: false,
      },
      viewers: 1532,
      followers: 88211,
      show: SHOW_CODES.public,
      secondsOnline: 3720,
      gender: "f",
      tags: ["latina", "bigboobs", "lovense"],
      subject: "Hi! #latina #bigboobs goal: 500 tokens",
    });
  });

  it("treats null age, empty birthday and empty country as explicit 'none'", () => {
    const parsed = parseRoom(realRoom({ age: null, birthday: "", country: "", location: "" }));
    expect(parsed?.profile.age).toBeNull();
    expect(parsed?.profile.birthday).toBeNull();
    expect(parsed?.profile.country).toBeNull();
    expect(parsed?.profile.location).toBe("");
  });

  it("leaves out of the profile every field that is missing or null, and still keeps the room", () => {
    const room = realRoom();
    for (const field of ["display_name", "gender", "birthday", "country", "location", "spoken_languages"]) {
      delete room[field];
    }
    Object.assign(room, {
      num_users: null,
      num_followers: null,
      tags: null,
      room_subject: null,
      is_hd: null,
    });
    delete room.age;
    delete room.seconds_online;
    delete room.current_show;
    const parsed = parseRoom(room);
    expect(parsed).not.toBeNull();
    expect(parsed?.profile).toEqual({ is_new: false });
    expect(parsed?.viewers).toBeNull();
    expect(parsed?.followers).toBeNull();
    expect(parsed?.secondsOnline).toBeNull();
    expect(parsed?.show).toBe(SHOW_CODES.unknown);
  });

  it("ignores unknown fields", () => {
    const parsed = parseRoom(realRoom({ brand_new_field: { nested: [1, 2] }, another: "x" }));
    expect(parsed).toEqual(parseRoom(realRoom()));
  });

  it("maps every show the feed sends to the SPEC status codes", () => {
    const codes = ["public", "private", "group", "away", "hidden", "password protected", "weird"].map(
      (current_show) => parseRoom(realRoom({ current_show }))?.show,
    );
    expect(codes).toEqual([1, 2, 7, 4, 3, 5, 6]);
  });

  it("removes control characters from free text", () => {
    const parsed = parseRoom(
      realRoom({ display_name: "An\u0001na\u0000", room_subject: "hi\u001f #x", location: "a\u0007b" }),
    );
    expect(parsed?.profile).toMatchObject({ display_name: "Anna", room_subject: "hi #x", location: "ab" });
  });

  it("reads every trans key (s, tf, tm, tn) as the platform's t", () => {
    expect(parseRoom(realRoom({ gender: "s" }))?.gender).toBe("t");
    // SPEC §1's gender keys: tf, tm and tn are trans kinds, all trans.
    for (const kind of ["tf", "tm", "tn"]) expect(parseRoom(realRoom({ gender: kind }))?.gender).toBe("t");
    expect(parseRoom(realRoom({ gender: "tx" }))?.gender).toBeNull();
  });

  it("rejects values of the wrong shape instead of storing them", () => {
    const parsed = parseRoom(
      realRoom({
        age: "old",
        birthday: "2002-02-31",
        country: "Colombia",
        num_users: -5,
        num_followers: 1.5,
        gender: "x",
        tags: ["#Latina", "latina", 7, "  ", "ASIAN"],
      }),
    );
    expect(parsed?.profile.age).toBeUndefined();
    expect(parsed?.profile.birthday).toBeUndefined();
    expect(parsed?.profile.country).toBeUndefined();
    expect(parsed?.profile.gender).toBeUndefined();
    expect(parsed?.viewers).toBeNull();
    expect(parsed?.followers).toBeNull();
    expect(parsed?.tags).toEqual(["latina", "asian"]);
  });

  it("skips rooms without a usable username", () => {
    for (const bad of [null, 42, "room", [], {}, realRoom({ username: "" }), realRoom({ username: null })]) {
      expect(parseRoom(bad)).toBeNull();
    }
    expect(parseRoom(realRoom({ username: "Sweet_Anna" }))?.username).toBe("sweet_anna");
  });

  it("never throws, whatever it is given", () => {
    fc.assert(
      fc.property(fc.string(), fc.anything(), (key, value) => {
        parseRoom(value);
        parseRoom(realRoom({ [key]: value, age: value, tags: value, num_users: value, username: value }));
        parseRoom(realRoom({ [key]: value, country: value, birthday: value, current_show: value }));
      }),
      { numRuns: 2000 },
    );
  });
});
