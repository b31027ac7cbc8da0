import { Flag } from "../../components/flag.tsx";
import { LiveThumbnail } from "../../components/live-thumbnail.tsx";
import { FollowerChange } from "../../components/ranking-cells.tsx";
import { formatCount } from "../../lib/format.ts";
import type { ListPerformer } from "../../lib/lists/list-data.ts";
import { genderNameOfCode } from "../../lib/page-genders.ts";
import { agoText } from "./relative-time.ts";

/**
 * A list's performers as cards, in the server's order (live first, then viewers): the live state
 * and, where it may be shown, the live preview as on the search cards; followers with the 7-day
 * change; the last broadcast. The owner gets a Remove button on each.
 */
export function ListPerformers({
  performers,
  now,
  thumbnailOf,
  onRemove,
  removing,
}: {
  performers: readonly ListPerformer[];
  now: number;
  thumbnailOf: (name: string) => string | null;
  /** The owner's remove; absent for everyone else. */
  onRemove?: (name: string) => void;
  /** The performer being removed (its button waits). */
  removing?: string | null;
}) {
  if (performers.length === 0) return <p className="lists-note">No performers on this list yet.</p>;
  const live = performers.filter((p) => p.live).length;
  return (
    <section aria-labelledby="list-performers-title">
      <h2 id="list-performers-title" className="lists-page__heading">
        Performers <span className="list-page__count">{`${performers.length} · ${live} live now`}</span>
      </h2>
      <ul className="list-performers">
        {performers.map((performer) => (
          <PerformerCard
            key={performer.name}
            performer={performer}
            now={now}
            thumbnail={performer.live ? thumbnailOf(performer.name) : null}
            onRemove={onRemove}
            removing={removing === performer.name}
          />
        ))}
      </ul>
    </section>
  );
}

function PerformerCard({
  performer,
  now,
  thumbnail,
  onRemove,
  removing,
}: {
  performer: ListPerformer;
  now: number;
  thumbnail: string | null;
  onRemove: ((name: string) => void) | undefined;
  removing: boolean;
}) {
  const gender = genderNameOfCode(performer.gender);
  const lastBroadcast = agoText(performer.lastBroadcast, now);
  return (
    <li className={performer.live ? "list-performer list-performer--live" : "list-performer"}>
      <a className="list-performer__name" href={`/${encodeURIComponent(performer.name)}`}>
        <span>{performer.name}</span>
        {performer.displayName !== null && performer.displayName !== performer.name && (
          <span className="list-performer__display">{performer.displayName}</span>
        )}
      </a>
      {thumbnail !== null && (
        <LiveThumbnail
          className="list-performer__thumb"
          src={thumbnail}
          username={performer.name}
          width={160}
          height={120}
        />
      )}
      <p className="list-performer__who">
        {gender !== null && <span>{gender}</span>}
        {performer.age !== null && <span>{`${performer.age} years`}</span>}
        <Flag country={performer.country} />
      </p>
      <p
        className={
          performer.live ? "list-performer__state list-performer__state--live" : "list-performer__state"
        }
      >
        {performer.live
          ? performer.viewers === null
            ? "Live now"
            : `Live now · ${formatCount(performer.viewers)} viewers`
          : (performer.liveText ?? "Not seen yet")}
      </p>
      <dl className="list-performer__facts">
        <div>
          <dt>Followers</dt>
          <dd>
            {performer.followers === null ? "–" : formatCount(performer.followers)}{" "}
            {performer.followerChange7d !== null && <FollowerChange change={performer.followerChange7d} />}
          </dd>
        </div>
        <div>
          <dt>Last broadcast</dt>
          <dd>{performer.live ? "now" : (lastBroadcast ?? "–")}</dd>
        </div>
      </dl>
      {onRemove !== undefined && (
        <button
          type="button"
          className="account-button account-button--secondary list-performer__remove"
          disabled={removing}
          aria-label={`Remove ${performer.name} from the list`}
          onClick={() => onRemove(performer.name)}
        >
          {removing ? "Removing…" : "Remove"}
        </button>
      )}
    </li>
  );
}
