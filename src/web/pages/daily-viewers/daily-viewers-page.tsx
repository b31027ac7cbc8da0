import { useEffect, useMemo, useState } from "react";
import { useLocation } from "react-router";
import { embedLink } from "../../../online-rooms/links.ts";
import { dailyViewerPath } from "../../../site/urls/daily-viewers.ts";
import { DayNav } from "../../components/daily-viewers/day-nav.tsx";
import { GenderTabs } from "../../components/daily-viewers/gender-tabs.tsx";
import { LiveOnlySwitch } from "../../components/daily-viewers/live-only-switch.tsx";
import { TagCloud } from "../../components/daily-viewers/tag-cloud.tsx";
import { TagPicker } from "../../components/daily-viewers/tag-picker.tsx";
import { useAgeVerification } from "../../lib/age-verification.ts";
import { useChangeEvent } from "../../lib/analytics.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { useMediaQuery } from "../../lib/use-media-query.ts";
import { AboutTopViewers } from "./about-top-viewers.tsx";
import { CoverImage } from "./cover-image.tsx";
import { MoreRankings } from "./more-rankings.tsx";
import type { DailyViewersData } from "./page-data.ts";
import { dailyViewerTitle } from "./title.ts";
import { TopLivePreview } from "./top-live-preview.tsx";
import { ViewerTable } from "./viewer-table.tsx";
import { COLLAPSED_ROWS, topLive, visibleRows } from "./visible-rows.ts";

/** SPEC §9: below 790 px the page takes its narrow layout, and the floating preview stays away. */
const NARROW = "(max-width: 789.98px)";
const TABLE_ID = "daily-viewers-table";

/** The username a hash such as #sweet_anna points at, or null. */
function hashUsername(hash: string): string | null {
  if (hash.length <= 1) return null;
  try {
    return decodeURIComponent(hash.slice(1)).toLowerCase();
  } catch {
    return null;
  }
}

/**
 * The daily viewer ranking page (SPEC §2, §4). The server's HTML holds the whole Top 100 and every
 * link, so it reads without scripts; once they run, the list collapses to 50 (unless the address
 * has a hash, or 'Live only' is on), and the switches, the tag picker and the live preview work in
 * place.
 */
export function DailyViewersPage({ data, platformName }: { data: DailyViewersData; platformName: string }) {
  const hydrated = useHydrated();
  const { hash } = useLocation();
  const narrow = useMediaQuery(NARROW);
  // SPEC §6: crawlers skip the geo lookup; live thumbnails wait for its answer.
  const ageVerification = useAgeVerification(hydrated && !data.crawler);
  const [expanded, setExpanded] = useState(data.liveOnly);
  const [liveOnly, setLiveOnly] = useState(data.liveOnly);
  // Opened by the visitor only: a player that opens by itself covers the columns being read.
  const [previewOpen, setPreviewOpen] = useState(false);
  const highlighted = hydrated ? hashUsername(hash) : null;
  // SPEC §4: changing gender or tag records an analytics event.
  useChangeEvent("Gender change", data.gender, { gender: data.gender });
  useChangeEvent("Tag change", data.tag, { tag: data.tag ?? "none" });

  // A hash opens the whole list so that its row is there to scroll to (SPEC §4).
  useEffect(() => {
    if (highlighted !== null) setExpanded(true);
  }, [highlighted]);
  useEffect(() => {
    if (highlighted === null || !expanded) return;
    document
      .querySelector(`[data-username="${CSS.escape(highlighted)}"]`)
      ?.scrollIntoView({ block: "center" });
  }, [highlighted, expanded]);

  const live = useMemo(() => (data.live === null ? null : new Set(data.live)), [data.live]);
  const ranked = useMemo(() => data.rows.map((row, index) => ({ ...row, rank: index + 1 })), [data.rows]);
  // Until the scripts run, every row is in the page (the whole table without scripts).
  const rows = visibleRows(ranked, { expanded: expanded || !hydrated, liveOnly }, live);
  const showThumbnails = ageVerification === "not-required" && data.imageHost !== null;
  const thumbnailOf = (username: string) =>
    showThumbnails ? `${data.imageHost}/ri/${encodeURIComponent(username)}.jpg` : null;
  const top = topLive(ranked, live);
  const previewThumbnail = top === null ? null : thumbnailOf(top.u);
  // The room's player where it may be shown (the same rule as the still), the still otherwise.
  const previewPlayer =
    top === null || previewThumbnail === null || data.player === null ? null : embedLink(data.player, top.u);
  const preview =
    hydrated && !narrow && top !== null && previewThumbnail !== null
      ? { top, thumbnail: previewThumbnail }
      : null;

  const view = { gender: data.gender, tag: data.tag, day: data.day, isLeadingEdge: data.isLeadingEdge };
  const title = dailyViewerTitle(view, platformName);
  const tagSet = new Set(data.tags);
  const tagPathOf = (tag: string) =>
    dailyViewerPath({ gender: data.gender, tag, day: data.day }, data.latest);

  const toggleLiveOnly = () => {
    // SPEC §4: switching 'Live only' on also expands, so no live performer hides below row 50.
    if (!liveOnly) setExpanded(true);
    setLiveOnly(!liveOnly);
  };

  return (
    <article className="daily-viewers">
      <header className="daily-viewers__head">
        {data.cover !== null && <CoverImage key={data.cover} src={data.cover} />}
        <h1 className="daily-viewers__title">{title}</h1>
        <p className="daily-viewers__lead">
          The 100 performers with the most viewers at once during the day (UTC).{" "}
          <a href="#about-top-viewers-title">How the list is made</a>.
        </p>
      </header>

      <GenderTabs current={data.gender} tabs={data.genderPaths} />

      <div className="daily-viewers__controls">
        <TagPicker
          tags={data.tags}
          current={data.tag}
          action={data.path}
          pathOf={tagPathOf}
          clearPath={dailyViewerPath({ gender: data.gender, tag: null, day: data.day }, data.latest)}
        />
        <DayNav day={data.day} prevPath={data.prevPath} nextPath={data.nextPath} />
        <LiveOnlySwitch
          on={liveOnly}
          hydrated={hydrated}
          href={liveOnly ? data.path : `${data.path}?live=1`}
          onToggle={toggleLiveOnly}
        />
        {preview !== null && (
          <button
            type="button"
            className="daily-viewers__watch"
            aria-expanded={previewOpen}
            onClick={() => setPreviewOpen(!previewOpen)}
          >
            <span className="live-badge">Live</span> Watch the top live cam, #{preview.top.rank}{" "}
            {preview.top.u}
          </button>
        )}
      </div>

      <p className="daily-viewers__status" aria-live="polite">
        {liveOnly && live === null && "Who is live is not known right now, so every performer is shown."}
        {liveOnly &&
          live !== null &&
          `${rows.length} of the top ${expanded || !hydrated ? 100 : COLLAPSED_ROWS} live now.`}
      </p>

      {data.rows.length === 0 ? (
        <p className="daily-viewers__empty">Nobody was seen in a public show in this list on {data.day}.</p>
      ) : (
        <ViewerTable
          id={TABLE_ID}
          caption={title}
          rows={rows}
          live={live}
          liveTextOf={(username) => data.liveTexts?.[username] ?? null}
          thumbnailOf={thumbnailOf}
          tagPathOf={(tag) => (tagSet.has(tag) ? tagPathOf(tag) : null)}
          highlighted={highlighted}
          showProfileThumbs={ageVerification === "not-required"}
        />
      )}

      {hydrated && data.rows.length > COLLAPSED_ROWS && (
        <button
          type="button"
          className="daily-viewers__expand"
          aria-expanded={expanded}
          aria-controls={TABLE_ID}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? `Show the top ${COLLAPSED_ROWS}` : `Show all ${data.rows.length}`}
        </button>
      )}

      <TagCloud tags={data.cloud} current={data.tag} pathOf={tagPathOf} />
      <MoreRankings gender={data.gender} tag={data.tag} />
      <AboutTopViewers platformName={platformName} />

      {preview !== null && previewOpen && (
        <TopLivePreview
          username={preview.top.u}
          rank={preview.top.rank}
          thumbnail={preview.thumbnail}
          player={previewPlayer}
          onClose={() => setPreviewOpen(false)}
        />
      )}
    </article>
  );
}
