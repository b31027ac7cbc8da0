import { useMemo, useState } from "react";
import { tagOverviewPath } from "../../../site/urls/tag-overview.ts";
import { GenderTabs } from "../../components/daily-viewers/gender-tabs.tsx";
import { LiveOnlySwitch } from "../../components/daily-viewers/live-only-switch.tsx";
import { TagCloud } from "../../components/daily-viewers/tag-cloud.tsx";
import { TagPicker } from "../../components/daily-viewers/tag-picker.tsx";
import type { TagOverviewData } from "../../lib/tag-overview/page-data.ts";
import { rankBadgeText } from "../../lib/tag-overview/rank-badge.ts";
import { TAB_INFO } from "../../lib/tag-overview/tabs.ts";
import { overviewSubject, overviewTitle } from "../../lib/tag-overview/title.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { useMediaQuery } from "../../lib/use-media-query.ts";
import { AboutOverview } from "./about-overview.tsx";
import { OverviewTabs } from "./overview-tabs.tsx";
import { TagFact } from "./tag-fact.tsx";
import { tagFact } from "./tag-fact-parts.ts";

/** Below 1000 px the four tables become tabs (docs/pages.md); below 700 px the tables are compact (CSS). */
const TABBED = "(max-width: 999.98px)";

/**
 * 'Live only' as last switched while the page runs: the gender switch, the picker and the cloud
 * load another address (another route match, so a fresh component), and the filter should stay.
 * False until the visitor switches, so the first render matches the server's (`?live=1`).
 */
let rememberedLiveOnly = false;

/**
 * The tag ranking overview (SPEC §2): four rankings of the same gender and tag side by side. The
 * server's HTML holds all four tables and every link, so it reads without scripts; once they run,
 * narrow screens show one table at a time as tabs, and 'Live only' filters in place.
 */
export function TagOverviewPage({ data, platformName }: { data: TagOverviewData; platformName: string }) {
  const hydrated = useHydrated();
  const narrow = useMediaQuery(TABBED);
  const [liveOnly, setLiveOnly] = useState(() => data.liveOnly || rememberedLiveOnly);
  const live = useMemo(() => (data.live === null ? null : new Set(data.live)), [data.live]);
  const view = { gender: data.gender, tag: data.tag };
  const title = overviewTitle(view, platformName);
  const subject = overviewSubject(view);
  const fact = tagFact(
    view,
    data.tabs.flatMap((tab) => {
      const top = tab.rows?.[0];
      return top === undefined ? [] : [{ tab: tab.id, username: top.u, allGenders: tab.allGenders }];
    }),
  );
  const liveUnknown = liveOnly && data.tabs.some((tab) => tab.rows !== null && tab.liveRows === null);

  return (
    <article className="tag-overview">
      <header className="tag-overview__head">
        <h1 className="tag-overview__title">{title}</h1>
        {data.tag !== null && data.rank !== null && (
          <p className="tag-overview__badge">
            {rankBadgeText(data.tag, data.gender, data.rank, platformName)}
          </p>
        )}
        <TagFact parts={fact} />
      </header>

      <GenderTabs current={data.gender} tabs={data.genderPaths} />

      <div className="tag-overview__controls">
        <TagPicker
          tags={data.tags}
          current={data.tag}
          action={data.path}
          pathOf={(tag) => tagOverviewPath({ gender: data.gender, tag })}
          clearPath={tagOverviewPath({ gender: data.gender, tag: null })}
        />
        <LiveOnlySwitch
          on={liveOnly}
          hydrated={hydrated}
          href={liveOnly ? data.path : `${data.path}?live=1`}
          onToggle={() => {
            rememberedLiveOnly = !liveOnly;
            setLiveOnly(!liveOnly);
          }}
        />
      </div>

      <p className="tag-overview__status" aria-live="polite">
        {liveUnknown && "Who is live is not known right now, so every performer is shown."}
        {liveOnly && !liveUnknown && "Only performers live now, with their ranks in each list."}
      </p>

      <OverviewTabs
        tabs={data.tabs}
        tabbed={hydrated && narrow}
        liveOnly={liveOnly}
        live={live}
        captionOf={(tab) =>
          `${TAB_INFO[tab.id].label}: top ${subject}${tab.allGenders ? " (all genders)" : ""}, ${TAB_INFO[tab.id].period}`
        }
      />

      <TagCloud
        tags={data.cloud}
        current={data.tag}
        pathOf={(tag) => tagOverviewPath({ gender: data.gender, tag })}
      />
      <AboutOverview platformName={platformName} />
    </article>
  );
}
