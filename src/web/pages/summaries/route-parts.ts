import type { HeadersFunction, LinksFunction } from "react-router";
import chartCss from "../../components/charts/time-chart.css?url";
import summariesCss from "./summaries.css?url";

export const wrappedLinks: LinksFunction = () => [{ rel: "stylesheet", href: summariesCss }];

/** The monthly summary charts, so it links the chart's styles too. */
export const monthlyLinks: LinksFunction = () => [
  { rel: "stylesheet", href: chartCss },
  { rel: "stylesheet", href: summariesCss },
];

// The figures change once a day, when the day's aggregates are rolled up.
export const summaryHeaders: HeadersFunction = () => ({ "cache-control": "public, max-age=300" });
