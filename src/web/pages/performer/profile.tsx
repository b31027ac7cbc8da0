import { countryName, Flag } from "../../components/flag.tsx";
import { AddToList } from "../../components/lists/add-to-list.tsx";
import { LivePlayer } from "../../components/live-player.tsx";
import { LiveThumbnail } from "../../components/live-thumbnail.tsx";
import { useAgeVerification } from "../../lib/age-verification.ts";
import { genderNameOfCode } from "../../lib/page-genders.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { figure, utcTime } from "./format.ts";
import type { PerformerPageData } from "./page-data.ts";
import { ProfileThumb } from "./profile-thumb.tsx";
import { VerifiedMark } from "./verified-mark.tsx";

/**
 * The profile: who, where, languages, the bio, tags of the latest broadcast, followers, first and
 * last seen, the live state with the room link, and the badges. The live thumbnail appears only for
 * people (not crawlers) once the browser's /api/geoip check says no age verification applies
 * (SPEC §6), as on the daily page.
 */
export function Profile({ data }: { data: PerformerPageData }) {
  const hydrated = useHydrated();
  const ageVerification = useAgeVerification(hydrated && !data.crawler && data.live?.live === true);
  const thumbnail =
    data.live?.live && ageVerification === "not-required" && data.imageHost !== null
      ? `${data.imageHost}/ri/${encodeURIComponent(data.username)}.jpg`
      : null;
  // The room's player in a public show, its still otherwise (a private show has no picture to embed).
  const player = data.live?.live && ageVerification === "not-required" ? data.playerUrl : null;
  const facts: [string, React.ReactNode][] = [];
  const gender = genderNameOfCode(data.gender);
  if (gender !== null) facts.push(["Gender", gender]);
  if (data.age !== null) facts.push(["Age", data.age]);
  if (data.country || data.location)
    facts.push([
      "Location",
      <>
        <Flag country={data.country} /> {data.location || (data.country ? countryName(data.country) : "")}
      </>,
    ]);
  if (data.languages) facts.push(["Languages", data.languages]);
  facts.push(["Followers", `${figure(data.followers)} (${data.followerTier})`]);
  facts.push(["First seen", utcTime(data.firstSeen)]);
  facts.push(["Last seen", utcTime(data.lastSeen)]);

  return (
    <section className="performer__profile" aria-labelledby="performer-title">
      <div className="performer__heading">
        <h1 id="performer-title">{data.username}</h1>
        <VerifiedMark verified={data.own !== null} />
        {data.displayName && data.displayName !== data.username && (
          <p className="performer__display-name">{data.displayName}</p>
        )}
        <AddToList performer={data.username} className="add-to-list--profile" holdRoom />
      </div>
      <div className="performer__live">
        {data.live === null ? null : data.live.live ? (
          <p>
            <span className="live-badge">Live</span> {data.live.show && <span>{data.live.show}</span>}
            {data.live.viewers !== null && <span> · {figure(data.live.viewers)} viewers now</span>}
          </p>
        ) : (
          <p className="live-seen">{data.live.text}</p>
        )}
        {player && <LivePlayer className="performer__player" url={player} username={data.username} />}
        {thumbnail && !player && (
          <LiveThumbnail
            className="performer__thumb"
            src={thumbnail}
            username={data.username}
            width={240}
            height={180}
            lazy={false}
          />
        )}
        {/* The room's still is for performers who set no picture of their own (issue 19). */}
        {!data.live?.live && data.own?.profileImage == null && (
          <ProfileThumb username={data.username} url={data.thumbUrl} crawler={data.crawler} />
        )}
        <p>
          <a className="performer__room" href={data.roomPath} rel="nofollow">
            {data.live?.live ? "Watch the room" : "Visit the room"} on the platform
          </a>
        </p>
      </div>
      <dl className="performer__facts">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {data.bio && (
        <div className="performer__bio">
          <h2>About me</h2>
          <p>{data.bio}</p>
        </div>
      )}
      {data.tags.length > 0 && (
        <p className="performer__tags">
          <span className="sr-only">Tags of the latest broadcast: </span>
          {data.tags.map((tag) => (
            <a key={tag} href={`/tag/${encodeURIComponent(tag)}`}>
              #{tag}
            </a>
          ))}
        </p>
      )}
      <ul className="performer__badges" aria-label="Badges">
        {data.badges.rank && data.badges.bestRank && (
          <li
            className="badge badge--rank"
            title={`Best rank #${data.badges.bestRank.rank} on ${data.badges.bestRank.day}`}
          >
            {data.badges.rank}
          </li>
        )}
        <li
          className="badge badge--viewers"
          title={
            data.badges.peakViewers
              ? `Peak of ${figure(data.badges.peakViewers.viewers)} viewers on ${data.badges.peakViewers.day}`
              : "No public show seen yet"
          }
        >
          {data.badges.viewer}
        </li>
        <li className="badge badge--followers">{data.followerTier}</li>
      </ul>
    </section>
  );
}
