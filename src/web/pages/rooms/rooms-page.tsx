import { Link, useNavigate, useNavigation, useRevalidator, useRouteLoaderData } from "react-router";
import { ageSectionLink } from "../../../online-rooms/links.ts";
import { pageCount } from "../../../online-rooms/query.ts";
import { GenderToggles } from "../../components/gender-toggles.tsx";
import { Pagination } from "../../components/pagination.tsx";
import { formatCount } from "../../lib/format.ts";
import { pageHref } from "../../lib/pagination.ts";
import type { loader as rootLoader } from "../../root.tsx";
import { AGE_PAGES, linkFilters, type RoomsPageData } from "./page-data.ts";
import { RoomCard } from "./room-card.tsx";
import { roomsHeading, roomsLead } from "./rooms-copy.ts";

/** What stays in the address from page to page: the audit view. */
function kept(data: RoomsPageData): URLSearchParams {
  return new URLSearchParams(data.audit ? { audit: "1" } : {});
}

/**
 * The body of every live-room page: heading, the age page's way to the platform's section, the
 * gender toggles (not on a gender page), the grid of room cards and the pager.
 */
export function RoomsPage({ data }: { data: RoomsPageData }) {
  const platform = useRouteLoaderData<typeof rootLoader>("root")?.platformName ?? "the platform";
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const busy = navigation.state === "loading" || revalidator.state === "loading";
  const pages = pageCount(data.count);
  const filters = linkFilters(data);
  const age = data.ageSection ? AGE_PAGES[data.ageSection] : null;

  // A new choice of genders changes the list from its first page on.
  const refetch = () => {
    if (data.page === 1) void revalidator.revalidate();
    else void navigate(pageHref(data.path, 1, kept(data)), { preventScrollReset: true });
  };

  return (
    <section className="rooms-page" aria-labelledby="rooms-heading">
      <header className="rooms-page__head">
        <h1 id="rooms-heading">{roomsHeading(data, platform)}</h1>
        <p className="rooms-page__lead">{roomsLead(data)}</p>
        {data.ageSection && age && (
          <p className="rooms-page__section-link">
            <a href={ageSectionLink(data.affiliate, data.ageSection)} rel="sponsored nofollow noopener">
              See the {age.label} section on {platform}
            </a>
          </p>
        )}
        {data.hd === "4k" && (
          <p className="rooms-page__section-link">
            <Link to="/1080p">The same HD rooms on the 1080p page</Link>
          </p>
        )}
        {!data.fixedGender && <GenderToggles genders={data.genders} onChange={refetch} busy={busy} />}
      </header>

      {data.unavailable ? (
        <p className="rooms-page__notice" role="status">
          The live rooms could not be loaded from {platform} just now. Try again in a minute.
        </p>
      ) : (
        <p className="rooms-page__count" role="status">
          {formatCount(data.count)} {data.count === 1 ? "room" : "rooms"} online
          {pages > 1 ? `, page ${data.page} of ${pages}` : ""}
        </p>
      )}

      {data.rooms.length > 0 ? (
        <ul className="room-grid" aria-busy={busy}>
          {data.rooms.map((room) => (
            <RoomCard key={room.username} room={room} page={data} filters={filters} platformName={platform} />
          ))}
        </ul>
      ) : (
        !data.unavailable && (
          <p className="rooms-page__empty">
            {data.page > 1 ? "No rooms on this page right now." : "No rooms match right now."}{" "}
            {data.page > 1 && <Link to={pageHref(data.path, 1, kept(data))}>Back to the first page</Link>}
          </p>
        )
      )}

      {/* Past the last page (the list shrank since the link was made) the way back is the link above. */}
      {data.page <= pages && (
        <Pagination
          path={data.path}
          current={data.page}
          total={pages}
          keep={kept(data)}
          label="Pages of rooms"
        />
      )}
    </section>
  );
}
