import { Link } from "react-router";
import { LivePlayer } from "../../components/live-player.tsx";

/**
 * The floating top-live-cam preview (SPEC §2): the room player (or, without one, the live
 * thumbnail) of the highest ranked performer who is live now, opened by the visitor's button and
 * kept until they close it. The page offers it only where it may (not on narrow screens, not where
 * age verification applies, never to crawlers).
 */
export function TopLivePreview({
  username,
  rank,
  thumbnail,
  player,
  onClose,
}: {
  username: string;
  rank: number;
  thumbnail: string;
  player: string | null;
  onClose: () => void;
}) {
  const caption = (
    <span className="live-preview__caption">
      <span className="live-badge">Live</span> #{rank} {username}
    </span>
  );
  if (player !== null) {
    return (
      <aside className="live-preview" aria-label="Top live cam">
        <button
          type="button"
          className="live-preview__close"
          aria-label="Close the live preview"
          onClick={onClose}
        >
          <span aria-hidden="true">×</span>
        </button>
        <LivePlayer className="live-preview__image" url={player} username={username} />
        <Link className="live-preview__link" to={`/${encodeURIComponent(username)}`}>
          {caption}
        </Link>
      </aside>
    );
  }
  return (
    <aside className="live-preview" aria-label="Top live cam">
      <button
        type="button"
        className="live-preview__close"
        aria-label="Close the live preview"
        onClick={onClose}
      >
        <span aria-hidden="true">×</span>
      </button>
      <Link className="live-preview__link" to={`/${encodeURIComponent(username)}`}>
        <img
          className="live-preview__image"
          src={thumbnail}
          alt={`${username} live now`}
          width={240}
          height={180}
          onError={onClose}
        />
        {caption}
      </Link>
    </aside>
  );
}
