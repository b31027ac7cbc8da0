/**
 * The cells every ranking table shares (the daily Top 100's and the ranked lists'): the 7-day
 * follower change, the kept thumbnail beside the name and the live state. Styles in ranking-cells.css, linked by each ranking route.
 */
import { profileThumbPath } from "../../site/urls/profile-thumb.ts";
import { formatSignedCount } from "../lib/format.ts";
import { LiveThumbnail } from "./live-thumbnail.tsx";

export function FollowerChange({ change }: { change: number }) {
  const direction = change > 0 ? "up" : change < 0 ? "down" : "flat";
  return (
    <span className={`follower-change follower-change--${direction}`}>
      {formatSignedCount(change)}
      <span className="sr-only"> in 7 days</span>
    </span>
  );
}

/**
 * SPEC §4: a live performer's badge and, where it may be shown, the live thumbnail; for the others
 * when they were last live ('live recently' …), or nothing when that is not known.
 */
export function LiveState({
  username,
  live,
  liveText,
  thumbnail,
}: {
  username: string;
  live: boolean;
  liveText: string | null;
  thumbnail: string | null;
}) {
  if (!live) return liveText === null ? null : <span className="live-seen">{liveText}</span>;
  return (
    <>
      <span className="live-badge">Live</span>
      {thumbnail !== null && (
        <LiveThumbnail className="live-thumb" src={thumbnail} username={username} width={120} height={90} />
      )}
    </>
  );
}

/**
 * The profile thumbnail we keep (decision 0023) beside a row's name. Shown only where live
 * thumbnails may be (SPEC §6: they are stills of the room); one that fails to load is hidden.
 */
export function RowAvatar({ username }: { username: string }) {
  return (
    <img
      className="row-avatar"
      src={profileThumbPath(username)}
      alt=""
      width={32}
      height={32}
      loading="lazy"
      onError={(event) => {
        event.currentTarget.hidden = true;
      }}
    />
  );
}
