import { describe, expect, it } from "vitest";
import { ROOM_STATUS } from "./room.ts";
import { plainText, roomStatus, SUBJECT_MAX, trimRoom, webUrl } from "./trim-room.ts";

/** A room as the feed serves it (ONLINE_ROOMS_API.md), with fields a test may override. */
function feedRoom(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    username: "sweet_anna",
    display_name: "Sweet Anna 💕",
    gender: "f",
    age: 23,
    birthday: "2003-02-01",
    location: "Bogota D.C., Colombia",
    country: "CO",
    spoken_languages: "English, Spanish",
    num_users: 1234,
    num_followers: 56_000,
    tags: ["latina", "bigboobs"],
    room_subject: "goal: 500 tokens #latina #bigboobs",
    current_show: "public",
    seconds_online: 3600,
    is_new: false,
    is_hd: true,
    image_url: "https://img.example/ri/sweet_anna.jpg",
    image_url_360x270: "https://img.example/ri/sweet_anna.jpg",
    chat_room_url: "https://site.example/in/?tour=LQps&campaign=x&track=default&room=sweet_anna",
    iframe_embed: "<iframe></iframe>",
    slug: "sweet_anna",
    is_gaming: false,
    ...fields,
  };
}

describe("trimRoom", () => {
  it("keeps what a card shows and nothing else", () => {
    expect(trimRoom(feedRoom())).toEqual({
      username: "sweet_anna",
      displayName: "Sweet Anna 💕",
      gender: "f",
      age: 23,
      country: "CO",
      viewers: 1234,
      status: ROOM_STATUS.public,
      imageUrl: "https://img.example/ri/sweet_anna.jpg",
      subject: "goal: 500 tokens #latina #bigboobs",
      tags: ["latina", "bigboobs"],
    });
  });

  it("keeps a room with only a username, filling the rest with nothing", () => {
    expect(trimRoom({ username: "Bob_1" })).toEqual({
      username: "bob_1",
      displayName: "",
      gender: null,
      age: null,
      country: null,
      viewers: 0,
      status: ROOM_STATUS.public,
      imageUrl: null,
      subject: "",
      tags: [],
    });
  });

  it("reads nulls and odd shapes as unknown", () => {
    const room = trimRoom(
      feedRoom({
        display_name: null,
        gender: "s",
        age: "old",
        country: "",
        num_users: "77",
        tags: ["#Asian", 5, " ", "asian"],
        room_subject: null,
        image_url_360x270: null,
        image_url: "javascript:alert(1)",
      }),
    );
    expect(room).toMatchObject({
      displayName: "",
      gender: "t",
      age: null,
      country: null,
      viewers: 77,
      tags: ["asian"],
      subject: "",
      imageUrl: null,
    });
  });

  it("falls back to image_url when the 360x270 one is unusable", () => {
    expect(trimRoom(feedRoom({ image_url_360x270: "" }))?.imageUrl).toBe(
      "https://img.example/ri/sweet_anna.jpg",
    );
  });

  it("drops what is no room", () => {
    expect(trimRoom(null)).toBeNull();
    expect(trimRoom([])).toBeNull();
    expect(trimRoom(feedRoom({ username: "" }))).toBeNull();
    expect(trimRoom(feedRoom({ username: "no spaces allowed" }))).toBeNull();
  });
});

describe("roomStatus", () => {
  it("maps the feed's shows to SPEC §3 codes", () => {
    expect(roomStatus("public")).toBe(1);
    expect(roomStatus("private")).toBe(2);
    expect(roomStatus("group")).toBe(2);
    expect(roomStatus("hidden")).toBe(3);
    expect(roomStatus("away")).toBe(4);
    expect(roomStatus("password protected")).toBe(5);
    expect(roomStatus(" Away ")).toBe(4);
  });

  it("reads a missing show as public (the SPEC's default) and an unknown one as 6", () => {
    expect(roomStatus(undefined)).toBe(1);
    expect(roomStatus(null)).toBe(1);
    expect(roomStatus("")).toBe(1);
    expect(roomStatus("gaming")).toBe(6);
    expect(roomStatus(3)).toBe(6);
  });
});

describe("webUrl", () => {
  it("takes absolute http and https addresses only", () => {
    expect(webUrl("http://127.0.0.1:4000/ri/a.jpg")).toBe("http://127.0.0.1:4000/ri/a.jpg");
    expect(webUrl("https://img.example/ri/a.jpg")).toBe("https://img.example/ri/a.jpg");
    for (const bad of ["javascript:alert(1)", "data:image/png;base64,AA", "/ri/a.jpg", "", 5, null]) {
      expect(webUrl(bad)).toBeNull();
    }
    expect(webUrl(`https://img.example/${"a".repeat(3000)}`)).toBeNull();
  });
});

describe("plainText", () => {
  it("drops markup and its escaped form, keeps what only looks like it", () => {
    expect(plainText("<b>Hi</b> <a href='x'>there</a>", 100)).toBe("Hi there");
    expect(plainText("&lt;script&gt;alert(1)&lt;/script&gt; ok", 100)).toBe("alert(1) ok");
    expect(plainText("I <3 you & 2 < 3 #cute", 100)).toBe("I <3 you & 2 < 3 #cute");
    expect(plainText("tom &amp; jerry &quot;live&quot; &#39;now&#39; &#x1F495;", 100)).toBe(
      "tom & jerry \"live\" 'now' 💕",
    );
  });

  it("drops control characters written as entities, and keeps unknown entities as text", () => {
    expect(plainText("a&#0;b&#x7;c&#xD800;d", 100)).toBe("abcd");
    expect(plainText("&bogus; &copy;", 100)).toBe("&bogus; &copy;");
  });

  it("collapses whitespace and bounds the length", () => {
    expect(plainText("  one \n\t two  ", 100)).toBe("one two");
    const long = plainText("word ".repeat(200), SUBJECT_MAX);
    expect(long.length).toBeLessThanOrEqual(SUBJECT_MAX);
    expect(long.endsWith("…")).toBe(true);
  });
});
