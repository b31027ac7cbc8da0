import { Link } from "react-router";
import { tagPagePath } from "../../../site/urls/tag-explorer.ts";
import { SvgLineChart } from "../../components/charts/svg-line-chart.tsx";
import { TabLinks } from "../../components/tab-links.tsx";
import { formatCount } from "../../lib/format.ts";
import {
  type CameraTrendsView,
  cameraTrendsPath,
  dayAxisLabels,
  TREND_SPANS,
  type TrendSeries,
} from "./trend-view.ts";

const SPAN_LABELS = { 30: "30 days", 90: "90 days", 365: "A year" } as const;
/** The span in a sentence: "the last 30 days", "the last year". */
const SPAN_WORDS = { 30: "30 days", 90: "90 days", 365: "year" } as const;

const pct = (value: number | null) => (value === null ? "no data" : `${value}%`);

/** "12.5% on 2026-11-20, against 10% at the start of the span", or what is known of it. */
function Summary({ series, day }: { series: TrendSeries; day: string }) {
  if (series.latest === null) return <p className="camera-trends__note">No data in this span yet.</p>;
  return (
    <p className="camera-trends__note">
      {pct(series.latest)} on {day}
      {series.first !== null && series.first !== series.latest && (
        <>, against {pct(series.first)} at the start</>
      )}
      .
    </p>
  );
}

function SmallChart({
  title,
  series,
  labels,
  day,
  what,
  href,
}: {
  title: string;
  series: TrendSeries;
  labels: (string | null)[];
  day: string;
  what: string;
  href?: string;
}) {
  return (
    <figure className="camera-trends__chart">
      <figcaption>{href === undefined ? title : <Link to={href}>{title}</Link>}</figcaption>
      <SvgLineChart values={series.values} xLabels={labels} label={what} />
      <Summary series={series} day={day} />
    </figure>
  );
}

/** Camera trends: how the platform's rooms are made up over time (HD, genders, tags). */
export function CameraTrendsPage({ data, platformName }: { data: CameraTrendsView; platformName: string }) {
  const labels = dayAxisLabels(data.days);
  const spanWords = SPAN_WORDS[data.span];
  return (
    <article className="camera-trends">
      <h1>Camera trends</h1>
      <p className="page__lead">
        How the rooms on {platformName} are made up, day by day over the last {spanWords} to{" "}
        <time dateTime={data.day}>{data.day}</time> (UTC): the share in HD, the share of each gender, and the
        share of the biggest tags. Each is a percent of all the rooms online; a gap is a day without data.
      </p>
      <TabLinks
        name="Span"
        tabs={TREND_SPANS.map((span) => ({
          key: span,
          label: SPAN_LABELS[span],
          path: cameraTrendsPath(span, data.fitting),
          current: span === data.span,
        }))}
      />

      <section aria-labelledby="trends-hd">
        <h2 id="trends-hd">Rooms in HD</h2>
        <div className="camera-trends__grid">
          <SmallChart
            title="Share of rooms in HD (%)"
            series={data.hd}
            labels={labels}
            day={data.day}
            what={`Percent of rooms in HD, each day of the last ${spanWords}`}
          />
          <figure className="camera-trends__chart">
            <figcaption>Rooms online (average)</figcaption>
            <SvgLineChart
              values={data.rooms.values}
              xLabels={labels}
              label={`Average rooms online, each day of the last ${spanWords}`}
            />
            <p className="camera-trends__note">
              {data.rooms.latest === null
                ? "No data in this span yet."
                : `${formatCount(data.rooms.latest)} on ${data.day}.`}
            </p>
          </figure>
        </div>
        <p className="camera-trends__note">
          HD is the platform's own flag for a room's video. It has been counted since this site began keeping
          it; days before that are gaps.
        </p>
      </section>

      <section aria-labelledby="trends-genders">
        <h2 id="trends-genders">Genders</h2>
        <div className="camera-trends__grid">
          {data.genders.map((g) => (
            <SmallChart
              key={g.code}
              title={`${g.label} (%)`}
              series={g.series}
              labels={labels}
              day={data.day}
              what={`Percent of rooms that are ${g.label.toLowerCase()}, each day of the last ${spanWords}`}
            />
          ))}
        </div>
      </section>

      {data.tags.length > 0 && (
        <section aria-labelledby="trends-tags">
          <h2 id="trends-tags">The biggest tags</h2>
          <p className="camera-trends__note">
            The tags with the most rooms on {data.day}; each chart is the tag's share of all the rooms, day by
            day.
          </p>
          <div className="camera-trends__grid">
            {data.tags.map((t) => (
              <SmallChart
                key={t.tag}
                title={`#${t.tag} (%)`}
                href={tagPagePath(t.tag)}
                series={t.series}
                labels={labels}
                day={data.day}
                what={`Percent of rooms tagged #${t.tag}, each day of the last ${spanWords}`}
              />
            ))}
          </div>
        </section>
      )}
    </article>
  );
}
