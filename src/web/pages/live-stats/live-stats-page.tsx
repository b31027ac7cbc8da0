import { useEffect, useState } from "react";
import { Link } from "react-router";
import { CODE_GENDERS } from "../../../site/gender-labels.ts";
import type { LiveStats } from "../../../types/live-stats.ts";
import { SvgLineChart } from "../../components/charts/svg-line-chart.tsx";
import { formatCount, formatSignedCount } from "../../lib/format.ts";
import { changePercent, hourLabels, REFRESH_MS, staleMinutes, utcTime } from "./live-figures.ts";

/** The figures of the page, asked for again once a minute while the page is open and shown. */
function useLiveStats(first: LiveStats): LiveStats {
  const [stats, setStats] = useState(first);
  useEffect(() => setStats(first), [first]);
  useEffect(() => {
    const refresh = async () => {
      if (document.visibilityState !== "visible") return;
      try {
        const response = await fetch("/v1/live_stats");
        if (response.ok) setStats((await response.json()) as LiveStats);
      } catch (error) {
        // SPEC §8: a failed fetch is logged, with no message to the visitor; the figures stay.
        console.warn("live stats: refresh failed", error);
      }
    };
    const timer = setInterval(refresh, REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return stats;
}

function Change({ now, before }: { now: number; before: number | null | undefined }) {
  const percent = changePercent(now, before);
  if (percent === null || before === null || before === undefined) return null;
  return (
    <span className="live-stats__change">
      {formatSignedCount(now - before)} ({formatSignedCount(percent)}%) on a day before
    </span>
  );
}

const share = (part: number, whole: number) =>
  whole === 0 ? "–" : `${Math.round((part / whole) * 1000) / 10}%`;

/** Live stats: the platform's rooms and viewers now, against a day before, and the last 24 hours. */
export function LiveStatsPage({ data, platformName }: { data: LiveStats; platformName: string }) {
  const stats = useLiveStats(data);
  // Staleness is the browser's to tell (the page may stay open for hours): checked every half minute.
  const [nowMs, setNowMs] = useState<number | null>(null);
  useEffect(() => {
    const tick = () => setNowMs(Date.now());
    tick();
    const timer = setInterval(tick, 30_000);
    return () => clearInterval(timer);
  }, []);
  const stale = nowMs === null ? null : staleMinutes(stats, nowMs);
  const { now, dayBefore } = stats;

  return (
    <article className="live-stats">
      <h1>Live stats</h1>
      <p className="page__lead">
        {platformName} right now: the public rooms and their viewers in our latest reading of the platform's
        online list (taken every minute), against a day before, and the last 24 hours. The page updates by
        itself.
      </p>
      {now === null || stats.observedAt === null ? (
        <p>
          No reading of the platform's online list yet: the first comes within a minute of the site starting.
        </p>
      ) : (
        <>
          <p className="live-stats__as-of" aria-live="polite">
            As of <time dateTime={stats.observedAt}>{utcTime(stats.observedAt)}</time>
            {stale !== null && <> — no newer reading for {stale} minutes, so these figures are not live</>}.
          </p>
          <dl className="live-stats__figures">
            <div>
              <dt>Rooms online</dt>
              <dd>
                <strong>{formatCount(now.rooms)}</strong>
                <Change now={now.rooms} before={dayBefore?.rooms} />
              </dd>
            </div>
            <div>
              <dt>Viewers</dt>
              <dd>
                <strong>{formatCount(now.viewers)}</strong>
                <Change now={now.viewers} before={dayBefore?.viewers} />
              </dd>
            </div>
          </dl>

          <h2 id="live-genders">By gender</h2>
          <section
            className="live-stats__scroll"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
            tabIndex={0}
            aria-labelledby="live-genders"
          >
            <table className="live-stats__table">
              <thead>
                <tr>
                  <th scope="col">Gender</th>
                  <th scope="col">Rooms</th>
                  <th scope="col">Share</th>
                  <th scope="col">Viewers</th>
                  <th scope="col">Share</th>
                </tr>
              </thead>
              <tbody>
                {CODE_GENDERS.map(([code, label]) => (
                  <tr key={code}>
                    <th scope="row">{label}</th>
                    <td>{formatCount(now.byGender[code].rooms)}</td>
                    <td>{share(now.byGender[code].rooms, now.rooms)}</td>
                    <td>{formatCount(now.byGender[code].viewers)}</td>
                    <td>{share(now.byGender[code].viewers, now.viewers)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>

          <h2>The last 24 hours</h2>
          <p className="live-stats__note">
            Averages of each 10 minutes (UTC); a gap is a time without a complete reading. Longer spans are on
            the <Link to="/traffic">traffic</Link> page.
          </p>
          <div className="live-stats__charts">
            <figure>
              <figcaption>Rooms online</figcaption>
              <SvgLineChart
                values={stats.last24h.map((s) => s.rooms)}
                xLabels={hourLabels(stats.last24h)}
                label="Rooms online over the last 24 hours"
              />
            </figure>
            <figure>
              <figcaption>Viewers</figcaption>
              <SvgLineChart
                values={stats.last24h.map((s) => s.viewers)}
                xLabels={hourLabels(stats.last24h)}
                label="Viewers over the last 24 hours"
              />
            </figure>
          </div>
        </>
      )}
    </article>
  );
}
