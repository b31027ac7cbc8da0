import type { PageContext } from "../../../page-context.ts";
import { FIXED_PATHS, tagFrequencyPath } from "../../../publish/paths.ts";
import { tagFrequencyFileSchema } from "../../../publish/ranking-schemas.ts";
import { readPublishedJson } from "../../../publish/read-published-json.ts";
import { activeUserCountSchema } from "../../../publish/traffic-files.ts";
import { isOverviewTag, tagOverviewPath } from "../../../site/urls/tag-overview.ts";
import { busiestHours, hourSpan } from "../../lib/traffic/busiest-hours.ts";
import { renderedSections } from "./content.server.ts";
import { HOURS_SHOWN, type ResourceFigures, type ResourcesData, TAGS_SHOWN } from "./resources-data.ts";

/**
 * /resources: the content files, and the live figures from the published files (the traffic
 * hours of the last 7 days and the tags of the last 30). A file not published yet leaves its
 * figures out; the page itself is always there.
 */
export async function loadResources(context: Pick<PageContext, "publishDir">): Promise<ResourcesData> {
  const [active, tags] = await Promise.all([
    readPublishedJson(context.publishDir, FIXED_PATHS.activeUserCount, activeUserCountSchema),
    readPublishedJson(context.publishDir, tagFrequencyPath("30days"), tagFrequencyFileSchema),
  ]);
  const hours =
    active === null
      ? null
      : busiestHours(active.hours.map((h) => ({ hour: h.hour, rooms: h.rooms.all, viewers: h.viewers.all })));
  const figure = (h: { hourOfDay: number; viewers: number; rooms: number }) => ({
    span: hourSpan(h.hourOfDay),
    viewers: Math.round(h.viewers),
    rooms: Math.round(h.rooms),
  });
  const figures: ResourceFigures = {
    trafficAsOf: active?.as_of ?? null,
    busiest: hours === null || hours.length === 0 ? null : hours.slice(0, HOURS_SHOWN).map(figure),
    leastCrowded:
      hours === null || hours.length === 0
        ? null
        : hours
            .filter((h) => h.rooms > 0)
            .map((h) => ({ ...figure(h), viewersPerRoom: Math.round((h.viewers / h.rooms) * 10) / 10 }))
            .sort((a, b) => b.viewersPerRoom - a.viewersPerRoom || a.span.localeCompare(b.span))
            .slice(0, HOURS_SHOWN),
    tags:
      tags === null || tags.length === 0
        ? null
        : tags.slice(0, TAGS_SHOWN).map((t) => ({
            tag: t.tag,
            performers: t.count,
            path: isOverviewTag(t.tag) ? tagOverviewPath({ tag: t.tag, gender: "all" }) : null,
          })),
  };
  return { sections: renderedSections(), figures };
}
