import { LIVE_WITHIN_MS, liveStateText } from "../../../rules/formulas/live-state.ts";
import { viewerThresholdLabel } from "../../../rules/formulas/viewer-threshold.ts";
import { Flag } from "../../components/flag.tsx";
import { AddToList } from "../../components/lists/add-to-list.tsx";
import { LiveThumbnail } from "../../components/live-thumbnail.tsx";
import { formatCount } from "../../lib/format.ts";
import { genderNameOfCode } from "../../lib/page-genders.ts";
import type { ModelResult } from "./page-data.ts";

/** SPEC §3 showAvatar: the live preview is shown when last seen under 5 minutes ago. */
export function showsAvatar(result: ModelResult, now: number): boolean {
  return now - Date.parse(result.lastSeenTime) < LIVE_WITHIN_MS;
}

/** The relative broadcast time text (SPEC §3, §4): 'Live now', 'live recently', 'live N days ago' … */
export function broadcastTimeText(result: ModelResult, now: number): string {
  const seen = Date.parse(result.lastSeenTime);
  return liveStateText(Number.isFinite(seen) ? seen : null, now) ?? "Live now";
}

/**
 * One search result (SPEC §2): name, display name, gender, age, flag, viewer threshold, followers,
 * the latest broadcast's tags, when it was, and the live thumbnail where it may be shown. The whole
 * card links to the performer's page.
 *
 * A page has 50 cards, so each is lean: its parts are styled by their place in the card (search.css)
 * rather than by a class each, and texts are single strings (no `<!-- -->` between parts).
 */
export function ResultCard({
  result,
  now,
  thumbnail,
}: {
  result: ModelResult;
  now: number;
  /** The live thumbnail's address, or null where none may be shown. */
  thumbnail: string | null;
}) {
  const live = showsAvatar(result, now);
  const gender = genderNameOfCode(result.gender);
  return (
    <li className="search-card">
      <a href={`/${encodeURIComponent(result.name)}`}>
        <span className="search-card__name">{result.name}</span>
        {result.displayName !== null && result.displayName !== result.name && (
          <span>{result.displayName}</span>
        )}
      </a>
      {live && thumbnail !== null && (
        <LiveThumbnail
          className="search-card__thumb"
          src={thumbnail}
          username={result.name}
          width={160}
          height={120}
        />
      )}
      <p>
        {gender !== null && <span>{gender}</span>}
        {result.age !== null && <span>{`${result.age} years`}</span>}
        <Flag country={result.country} />
      </p>
      <dl>
        <div>
          <dt>Viewers</dt>
          <dd>{result.maxViewers === null ? "–" : viewerThresholdLabel(result.maxViewers)}</dd>
        </div>
        <div>
          <dt>Followers</dt>
          <dd>{result.followerCount === null ? "–" : formatCount(result.followerCount)}</dd>
        </div>
      </dl>
      <p className={live ? "search-card__live" : undefined}>{broadcastTimeText(result, now)}</p>
      {result.tags.length > 0 && (
        <ul aria-label="Tags of the latest broadcast">
          {result.tags.map((tag) => (
            <li key={tag}>{`#${tag}`}</li>
          ))}
        </ul>
      )}
      <AddToList performer={result.name} className="add-to-list--card" />
    </li>
  );
}
