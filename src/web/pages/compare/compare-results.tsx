import { useEffect, useMemo, useState } from "react";
import {
  COMPARE_MIN_PERFORMERS,
  type CompareAnswer,
  type CompareDay,
  type ComparedPerformer,
} from "../../../types/compare-performers.ts";
import { SignedOutPrompt } from "../../components/account/signed-out-prompt.tsx";
import { CHART_PALETTE, type ChartSeries, formatChartValue } from "../../components/charts/chart-spec.ts";
import { TimeChart } from "../../components/charts/time-chart.tsx";
import type { AccountSession } from "../../lib/account/account-session.ts";
import { CheckingSignIn, useLoginStatus } from "../../lib/account/login-status.tsx";
import type { CompareQuery } from "../../lib/compare/compare-query.ts";
import { callErrorText } from "../../lib/lists/list-calls.ts";

type Found = Extract<ComparedPerformer, { found: true }>;

/**
 * The comparison itself: signed out, why and how to sign in (the page stays, and fills in once
 * signed in); signed in, POST /v1/compare_performers and its totals and charts.
 */
export function CompareResults({ query }: { query: CompareQuery }) {
  const { status, session } = useLoginStatus();
  const enough = query.performers.length >= COMPARE_MIN_PERFORMERS;
  if (status === "unknown") return <CheckingSignIn />;
  if (status === false || session === null)
    return (
      <SignedOutPrompt>
        <h2>Sign in to compare</h2>
        <p>
          Comparisons are for signed-in visitors: a free account compares up to 5 performers over as much as a
          year.
        </p>
      </SignedOutPrompt>
    );
  if (!enough)
    return (
      <p className="compare__note">
        {query.performers.length === 1
          ? "Add one more performer to compare."
          : "Add 2 performers or more to compare."}
      </p>
    );
  return <SignedInComparison session={session} query={query} />;
}

function SignedInComparison({ session, query }: { session: AccountSession; query: CompareQuery }) {
  const key = `${query.performers.join(",")}|${query.days}`;
  const [outcome, setOutcome] = useState<{ key: string; answer?: CompareAnswer; problem?: string } | null>(
    null,
  );
  useEffect(() => {
    let current = true;
    session
      .authedPost<CompareAnswer>("/v1/compare_performers", {
        performers: query.performers,
        daysBack: query.days,
      })
      .then(
        (answer) => current && setOutcome({ key, answer }),
        (error: unknown) => current && setOutcome({ key, problem: callErrorText(error) }),
      );
    return () => {
      current = false;
    };
  }, [session, key, query.performers, query.days]);
  if (outcome === null || outcome.key !== key)
    return (
      <p className="compare__note" aria-busy="true">
        Comparing…
      </p>
    );
  if (outcome.answer === undefined)
    return (
      <p className="account-message account-message--problem" role="alert">
        {outcome.problem}
      </p>
    );
  return <Comparison answer={outcome.answer} />;
}

/** The measures charted, each on its own chart so that no two scales mix. */
const MEASURES: ReadonlyArray<{
  caption: string;
  value: (d: CompareDay) => number | null;
  decimals?: number;
  rank?: boolean;
  spanGaps?: boolean;
}> = [
  { caption: "Followers at the end of each day", value: (d) => d.followers, spanGaps: true },
  { caption: "Peak viewers per day (public shows)", value: (d) => d.peakViewers },
  { caption: "Average viewers per day while online", value: (d) => d.avgViewers, decimals: 1 },
  {
    caption: "Hours online per day",
    value: (d) => (d.minutesOnline === null ? null : Math.round(d.minutesOnline / 6) / 10),
    decimals: 1,
  },
  { caption: "Best rank per day (1 is the top)", value: (d) => d.bestRank, rank: true },
];

function Comparison({ answer }: { answer: CompareAnswer }) {
  const found = answer.performers.filter((p): p is Found => p.found);
  const missing = answer.performers.filter((p) => !p.found).map((p) => p.username);
  const charts = useMemo(() => {
    const times = (found[0]?.days ?? []).map((d) => Date.parse(`${d.day}T00:00:00Z`));
    return MEASURES.map((m) => ({
      ...m,
      times,
      series: found.map(
        (p, i): ChartSeries => ({ label: p.username, values: p.days.map(m.value), color: colorOf(i) }),
      ),
    }));
  }, [found]);
  return (
    <section className="compare__results" aria-labelledby="compare-results-title">
      <h2 id="compare-results-title">
        {answer.daysBack} days: {answer.from} to {answer.to}
      </h2>
      {missing.length > 0 && (
        <p className="compare__note">
          No figures for {missing.join(", ")}: no performer by{" "}
          {missing.length === 1 ? "that name" : "those names"} is shown here.
        </p>
      )}
      {found.length > 0 && <TotalsTable performers={found} days={answer.daysBack} />}
      {found.length > 0 &&
        charts.map((c) => (
          <TimeChart
            key={c.caption}
            caption={c.caption}
            times={c.times}
            timeUnit="day"
            series={c.series}
            {...(c.decimals === undefined ? {} : { decimals: c.decimals })}
            {...(c.rank ? { reversed: true, integer: true } : {})}
            {...(c.spanGaps ? { spanGaps: true } : {})}
          />
        ))}
    </section>
  );
}

const colorOf = (i: number) => CHART_PALETTE[i % CHART_PALETTE.length] ?? "#b4235a";

function TotalsTable({ performers, days }: { performers: readonly Found[]; days: number }) {
  const caption = `Over the ${days} days`;
  const change = (n: number | null) => (n === null ? "–" : `${n > 0 ? "+" : ""}${formatChartValue(n)}`);
  return (
    // A scrolling region must be reachable by keyboard (axe: scrollable-region-focusable).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box, focusable so keys can scroll it
    <section className="compare__totals" tabIndex={0} aria-label={caption}>
      <table className="compare__table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Performer</th>
            <th scope="col">Followers</th>
            <th scope="col">Follower change</th>
            <th scope="col">Peak viewers</th>
            <th scope="col">Average viewers</th>
            <th scope="col">Hours online</th>
            <th scope="col">Best rank</th>
            <th scope="col">Days live</th>
          </tr>
        </thead>
        <tbody>
          {performers.map((p, i) => (
            <tr key={p.username}>
              <th scope="row">
                <span className="compare__swatch" style={{ background: colorOf(i) }} aria-hidden="true" />
                <a href={`/${p.username}`}>{p.username}</a>
              </th>
              <td>{formatChartValue(p.totals.followers)}</td>
              <td>{change(p.totals.followerChange)}</td>
              <td>{formatChartValue(p.totals.peakViewers)}</td>
              <td>{formatChartValue(p.totals.avgViewers, 1)}</td>
              <td>{formatChartValue(p.totals.hoursOnline, 1)}</td>
              <td>{p.totals.bestRank === null ? "–" : `#${formatChartValue(p.totals.bestRank)}`}</td>
              <td>{p.totals.daysLive}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
