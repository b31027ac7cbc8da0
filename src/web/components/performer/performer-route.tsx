import type { LinksFunction } from "react-router";
import chartCss from "../charts/time-chart.css?url";
import { flagLinks } from "../flag.tsx";
import ownProfileCss from "../profile/own-profile.css?url";
import cellsCss from "../ranking-cells.css?url";
import tokensCss from "../tokens/tokens.css?url";
import performerCss from "./performer.css?url";

/**
 * The stylesheets of the routes that show the performer page (/{performerName}, /model/{user});
 * the single-segment route also answers the token page, whose sheet is small enough to ride along.
 */
export const performerLinks: LinksFunction = () => [
  ...flagLinks(),
  { rel: "stylesheet", href: cellsCss },
  { rel: "stylesheet", href: chartCss },
  { rel: "stylesheet", href: performerCss },
  { rel: "stylesheet", href: ownProfileCss },
  { rel: "stylesheet", href: tokensCss },
];
