import { type LinkFilters, roomLink } from "../../../online-rooms/links.ts";
import { isRoomTag } from "../../../online-rooms/query.ts";
import { type OnlineRoom, STATUS_TEXT } from "../../../online-rooms/room.ts";
import { Flag } from "../../components/flag.tsx";
import { formatCount } from "../../lib/format.ts";
import type { RoomsPageData } from "./page-data.ts";

/**
 * SPEC §5 cuts bios at 125 characters, its one text limit: subjects are cut the same for people
 * (crawlers read them whole, SPEC §6).
 */
export const SUBJECT_LIMIT = 125;
/** Tags a card shows to people; a room may carry dozens. */
export const CARD_TAGS = 8;

export function shortened(text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit).trimEnd()}...` : text;
}

interface RoomCardProps {
  room: OnlineRoom;
  page: Pick<RoomsPageData, "affiliate" | "visitor" | "audit">;
  filters: LinkFilters;
  platformName: string;
}

/**
 * One room (SPEC §2, §3): the live thumbnail (unless age verification applies), name, display
 * name, viewers and status, the subject and tags. The name and the picture lead to the performer's
 * page here (their numbers: issue 28); a second link, marked as leaving, opens the room on the
 * platform with our campaign and the list's filters. With ?audit the raw status code and viewer
 * count show too.
 */
export function RoomCard({ room, page, filters, platformName }: RoomCardProps) {
  const href = roomLink(page.affiliate, room.username, filters);
  const { fullText, thumbnails } = page.visitor;
  const tags = fullText ? room.tags : room.tags.slice(0, CARD_TAGS);
  const showDisplayName = room.displayName !== "" && room.displayName.toLowerCase() !== room.username;
  return (
    <li className="room-card">
      {/* Not a link of its own: the name's link stretches over it (rooms.css), so the picture opens
          the performer's page while keyboards and screen readers meet each performer once. */}
      <div className="room-card__preview">
        {thumbnails && room.imageUrl ? (
          <img src={room.imageUrl} alt="" width={360} height={270} loading="lazy" decoding="async" />
        ) : (
          <span className="room-card__no-preview">
            {thumbnails ? "No preview" : "Preview hidden where you are"}
          </span>
        )}
      </div>
      <div className="room-card__body">
        <h2 className="room-card__name">
          <a className="room-card__page-link" href={`/${encodeURIComponent(room.username)}`}>
            {room.username}
          </a>
        </h2>
        {showDisplayName && <p className="room-card__display-name">{room.displayName}</p>}
        <p className="room-card__facts">
          <span className={`room-card__status room-card__status--${room.status}`}>
            {STATUS_TEXT[room.status]}
          </span>
          <span>{formatCount(room.viewers)} viewers</span>
          {room.age !== null && <span>{room.age}</span>}
          {room.country && (
            <span className="room-card__country">
              <Flag country={room.country} /> {room.country}
            </span>
          )}
        </p>
        {page.audit && (
          <p className="room-card__audit">
            <code>
              status={room.status} viewers={room.viewers}
            </code>
          </p>
        )}
        {room.subject !== "" && (
          <p className="room-card__subject">
            {fullText ? room.subject : shortened(room.subject, SUBJECT_LIMIT)}
          </p>
        )}
        <p className="room-card__out">
          <a className="room-card__link" href={href} rel="sponsored nofollow noopener" target="_blank">
            Watch on {platformName}
            <span className="sr-only">
              {" "}
              (opens {room.username}'s room on {platformName})
            </span>
            <span aria-hidden="true"> ↗</span>
          </a>
        </p>
        {tags.length > 0 && (
          <ul className="room-card__tags" aria-label="Tags">
            {tags.map((tag) => (
              <li key={tag}>
                {/* A plain anchor, not a <Link>: a <Link> resolves its path and sets up prefetching
                    on every render, and 90 cards of up to 8 tags made that a large share of the
                    page's server render. A tag page is another list: nothing here to keep. */}
                {isRoomTag(tag) ? (
                  <a href={`/tag/${encodeURIComponent(tag)}`}>#{tag}</a>
                ) : (
                  <span>#{tag}</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}
