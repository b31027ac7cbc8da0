import type { LinksFunction } from "react-router";
import chartCss from "../../components/charts/time-chart.css?url";
import { flagLinks } from "../../components/flag.tsx";
import cellsCss from "../../components/ranking-cells.css?url";
import communityCss from "./community.css?url";
import ownProfileCss from "./own-profile.css?url";
import performerCss from "./performer.css?url";
import tokensCss from "./tokens.css?url";

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
  { rel: "stylesheet", href: communityCss },
];
