import type { StreamSession, StreamSessionRow } from "../../../db/queries/performer-streams.ts";
import { formatDuration } from "../../lib/format.ts";
import { escapeHtml } from "../../lib/html-text.ts";
import { change, figure, minutesBetween, utcTime } from "./format.ts";

/**
 * The latest stream sessions (SPEC §3), newest first, in a table; each row's "Details" link
 * (?stream={id}, a plain link, so it works without scripts) opens the session's every field below
 * the table. The id is the session's start in seconds since 1970, as /api/stream_details takes it.
 * The table is built as an HTML string, as the charts' tables are (chart-table.tsx says why).
 */
export function StreamSessions({
  streams,
  selected,
  path,
}: {
  streams: readonly StreamSessionRow[];
  selected: StreamSession | null;
  path: string;
}) {
  return (
    <section className="performer__section" aria-labelledby="streams-title">
      <h2 id="streams-title">Stream sessions</h2>
      {streams.length === 0 ? (
        <p>No streams recorded yet.</p>
      ) : (
        <section
          className="performer__scroll"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
          tabIndex={0}
          aria-label="Stream sessions"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: built from figures and the page's path, every one escaped
          dangerouslySetInnerHTML={{ __html: sessionsTableHtml(streams, selected, path) }}
        />
      )}
      {selected && <StreamDetails stream={selected} path={path} />}
    </section>
  );
}

/** Every SPEC §3 field of one session. */
function StreamDetails({ stream, path }: { stream: StreamSession; path: string }) {
  const fields: [string, string][] = [
    ["startTime", utcTime(stream.startTime)],
    ["endTime", utcTime(stream.endTime)],
    ["followersStart", figure(stream.followersStart)],
    ["followersEnd", figure(stream.followersEnd)],
    ["maxViewers", figure(stream.maxViewers)],
    ["avgViewers", figure(stream.avgViewers)],
    ["bestRank", figure(stream.bestRank)],
    ["bestGenderRank", figure(stream.bestGenderRank)],
    ["avgRank", figure(stream.avgRank)],
    ["avgGenderRank", figure(stream.avgGenderRank)],
  ];
  return (
    <div className="stream-details" id="stream-details">
      <h3>Stream of {utcTime(stream.startTime)}</h3>
      <dl className="stream-details__fields">
        {fields.map(([name, value]) => (
          <div key={name} data-field={name}>
            <dt>{FIELD_LABELS[name]}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div data-field="tags">
          <dt>Tags</dt>
          <dd>{stream.tags.length === 0 ? "–" : stream.tags.map((t) => `#${t}`).join(" ")}</dd>
        </div>
      </dl>
      <p>
        <a href={`${path}#streams-title`}>Close the details</a>
      </p>
    </div>
  );
}

const FIELD_LABELS: Readonly<Record<string, string>> = {
  startTime: "Start",
  endTime: "End",
  followersStart: "Followers at the start",
  followersEnd: "Followers at the end",
  maxViewers: "Peak viewers",
  avgViewers: "Average viewers",
  bestRank: "Best rank",
  bestGenderRank: "Best rank within gender",
  avgRank: "Average rank",
  avgGenderRank: "Average rank within gender",
};

/** The sessions' table (see StreamSessions): the markup React would make of it. */
export function sessionsTableHtml(
  streams: readonly StreamSessionRow[],
  selected: StreamSession | null,
  path: string,
): string {
  let html = `<table class="performer__table stream-table"><caption class="sr-only">The latest ${streams.length} streams, newest first</caption><thead><tr><th scope="col">Start</th><th scope="col">Length</th><th scope="col">Peak viewers</th><th scope="col">Avg viewers</th><th scope="col">Best rank</th><th scope="col">Followers</th><th scope="col"><span class="sr-only">Details</span></th></tr></thead><tbody>`;
  for (const s of streams) {
    const start = escapeHtml(utcTime(s.startTime));
    html += selected?.streamId === s.streamId ? `<tr aria-current="true">` : "<tr>";
    html += `<td>${start}</td><td>${escapeHtml(formatDuration(minutesBetween(s.startTime, s.endTime)))}</td>`;
    html += `<td class="num">${escapeHtml(figure(s.maxViewers))}</td><td class="num">${escapeHtml(figure(s.avgViewers))}</td>`;
    html += `<td class="num">${escapeHtml(figure(s.bestRank))}</td><td class="num">${escapeHtml(change(s.followersStart, s.followersEnd))}</td>`;
    html += `<td><a href="${escapeHtml(`${path}?stream=${s.streamId}#stream-details`)}" rel="nofollow">Details<span class="sr-only"> of the stream of ${start}</span></a></td></tr>`;
  }
  return `${html}</tbody></table>`;
}
