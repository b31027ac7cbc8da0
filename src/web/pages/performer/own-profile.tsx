import { Link } from "react-router";
import { canSearch, tipMenuPath } from "../../../site/tipmenu.ts";
import type { OwnProfileView } from "./own-profile-view.ts";
import { WeeklySchedule } from "./weekly-schedule.tsx";

/** The banner and the profile picture a verified performer set; nothing when they set neither. */
export function OwnProfileBanner({ own, performer }: { own: OwnProfileView | null; performer: string }) {
  if (own === null || (own.bannerImage === null && own.profileImage === null)) return null;
  return (
    <div className={`own-banner${own.bannerImage === null ? " own-banner--no-banner" : ""}`}>
      {/* Decoration: the page says who it is about in its heading. */}
      {own.bannerImage !== null && (
        <img className="own-banner__banner" src={own.bannerImage} alt="" width={1500} height={500} />
      )}
      {own.profileImage !== null && (
        <img
          className="own-banner__picture"
          src={own.profileImage}
          alt={performer}
          width={160}
          height={160}
        />
      )}
    </div>
  );
}

/** The verified profile's own parts on the performer page, after its profile box. */
export function OwnProfileSections({ own, performer }: { own: OwnProfileView | null; performer: string }) {
  if (own === null) return null;
  return (
    <div className="own-profile">
      {own.schedule !== null && (
        <WeeklySchedule
          schedule={own.schedule}
          renderedAt={own.renderedAt}
          performer={performer}
          headingId="own-schedule-title"
        />
      )}
      <OwnProfileDetails own={own} performer={performer} withAbout={false} />
    </div>
  );
}

/** Goals, the tip menu and links (and, where the page has no bio of its own, the about-me). */
export function OwnProfileDetails({
  own,
  performer,
  withAbout,
}: {
  own: OwnProfileView;
  performer: string;
  withAbout: boolean;
}) {
  return (
    <>
      {withAbout && own.aboutMe !== null && (
        <section className="own-about" aria-labelledby="own-about-title">
          <h2 id="own-about-title">About me</h2>
          <p>{own.aboutMe}</p>
        </section>
      )}
      {own.goals.length > 0 && (
        <section className="own-goals" aria-labelledby="own-goals-title">
          <h2 id="own-goals-title">Goals</h2>
          <ul>
            {own.goals.map((goal) => (
              <li key={goal.text}>
                <span className="own-goals__text">{goal.text}</span>
                {goal.tokens !== null && (
                  <span className="own-goals__tokens">{goal.tokens.toLocaleString("en-US")} tokens</span>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {own.tipMenu.length > 0 && (
        <section className="own-goals own-tipmenu" aria-labelledby="own-tipmenu-title">
          <h2 id="own-tipmenu-title">Tip menu</h2>
          <ul>
            {own.tipMenu.map((line, index) => (
              // Two lines may name the same item at two prices: the place keeps them apart.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is static once rendered.
              <li key={index}>
                <span className="own-goals__text">{line.item}</span>
                <span className="own-goals__tokens">{line.tokens.toLocaleString("en-US")} tokens</span>
                {/* What others ask for the same item, when the search can take it. */}
                {canSearch(line.item) && (
                  <Link className="own-tipmenu__compare" to={tipMenuPath(line.item.trim(), "all")}>
                    compare<span className="sr-only"> prices of {line.item}</span>
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {own.socials.length > 0 && (
        <section className="own-socials" aria-labelledby="own-socials-title">
          <h2 id="own-socials-title">{performer} elsewhere</h2>
          <ul>
            {own.socials.map((link) => (
              <li key={link.network}>
                {/* Links the performer gave: not ours to vouch for (ugc, nofollow), no window.opener. */}
                <a href={link.url} rel="nofollow noopener ugc" target="_blank">
                  {link.label}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
