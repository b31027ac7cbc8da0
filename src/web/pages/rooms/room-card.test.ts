import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { OnlineRoom } from "../../../online-rooms/room.ts";
import type { RoomsPageData } from "./page-data.ts";
import { CARD_TAGS, RoomCard, SUBJECT_LIMIT, shortened } from "./room-card.tsx";

const room: OnlineRoom = {
  username: "sweet_anna",
  displayName: "Sweet Anna",
  gender: "f",
  age: 23,
  country: "CO",
  viewers: 12345,
  status: 2,
  imageUrl: "https://img.example/ri/sweet_anna.jpg",
  subject: `${"word ".repeat(40)}end of a long subject`,
  tags: ["latina", "bigboobs", "a", "b", "c", "d", "e", "f", "g", "Not A Tag"],
};

type CardPage = Pick<RoomsPageData, "affiliate" | "visitor" | "audit">;
const page = (overrides: Partial<CardPage> = {}): CardPage => ({
  affiliate: { site: "https://platform.example", campaign: "camp" },
  visitor: { thumbnails: true, fullText: false },
  audit: false,
  ...overrides,
});

const render = (props: { room?: OnlineRoom; page?: CardPage }) =>
  renderToStaticMarkup(
    createElement(
      MemoryRouter,
      null,
      createElement(RoomCard, {
        room: props.room ?? room,
        page: props.page ?? page(),
        filters: { genders: ["f", "c"], tags: ["latina"] },
        platformName: "TestCams",
      }),
    ),
  ).replaceAll("<!-- -->", "");

describe("RoomCard", () => {
  it("leads to the performer's page, and out once, marked, with the campaign and the list's filters", () => {
    const html = render({});
    const link =
      "https://platform.example/in/?tour=LQps&amp;campaign=camp&amp;track=default&amp;room=sweet_anna&amp;gender=f&amp;gender=c&amp;tag=latina";
    expect(html).toContain(
      '<h2 class="room-card__name"><a class="room-card__page-link" href="/sweet_anna">sweet_anna</a></h2>',
    );
    expect(html.match(/<a [^>]*href="https:/g)).toHaveLength(1);
    expect(html).toContain(
      `<a class="room-card__link" href="${link}" rel="sponsored nofollow noopener" target="_blank">Watch on TestCams<span class="sr-only"> (opens sweet_anna&#x27;s room on TestCams)</span><span aria-hidden="true"> ↗</span></a>`,
    );
    expect(html).toContain('<img src="https://img.example/ri/sweet_anna.jpg" alt=""');
    expect(html).toContain('<p class="room-card__display-name">Sweet Anna</p>');
    expect(html).toContain(
      '<span class="room-card__status room-card__status--2">Private show</span><span>12,345 viewers</span><span>23</span><span class="room-card__country"><span class="fi fi-co" role="img" aria-label="Colombia" title="Colombia"></span> CO</span>',
    );
    expect(html).not.toContain("room-card__audit");
  });

  it("cuts the subject and the tags for people, and links only real tags", () => {
    const html = render({});
    expect(html).toContain(`<p class="room-card__subject">${shortened(room.subject, SUBJECT_LIMIT)}</p>`);
    expect(shortened(room.subject, SUBJECT_LIMIT).endsWith("...")).toBe(true);
    expect(html.match(/<li><a href="\/tag\//g)).toHaveLength(CARD_TAGS);
    const all = render({ room: { ...room, tags: ["latina", "Not A Tag"] } });
    expect(all).toContain('<li><a href="/tag/latina">#latina</a></li>');
    expect(all).toContain("<li><span>#Not A Tag</span></li>");
  });

  it("gives crawlers the whole subject and every tag", () => {
    const html = render({ page: page({ visitor: { thumbnails: true, fullText: true } }) });
    expect(html).toContain(`<p class="room-card__subject">${room.subject}</p>`);
    expect(html.match(/<li><a href="\/tag\//g)).toHaveLength(9);
  });

  it("shows no thumbnail where age verification applies", () => {
    const html = render({ page: page({ visitor: { thumbnails: false, fullText: false } }) });
    expect(html).not.toContain("<img");
    expect(html).toContain("Preview hidden where you are");
    expect(render({ room: { ...room, imageUrl: null } })).toContain(">No preview<");
  });

  it("shows the raw status code and viewers in the audit view", () => {
    expect(render({ page: page({ audit: true }) })).toContain("<code>status=2 viewers=12345</code>");
  });

  it("leaves out a display name that only repeats the username", () => {
    expect(render({ room: { ...room, displayName: "SWEET_ANNA" } })).not.toContain("room-card__display-name");
    expect(render({ room: { ...room, displayName: "" } })).not.toContain("room-card__display-name");
  });
});
