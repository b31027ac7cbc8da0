import { DayNav } from "../../components/daily-viewers/day-nav.tsx";
import { GenderTabs } from "../../components/daily-viewers/gender-tabs.tsx";
import { Pagination } from "../../components/pagination.tsx";
import { RankingTable } from "../../components/ranking-table/ranking-table.tsx";
import { useAgeVerification } from "../../lib/age-verification.ts";
import { formatCount } from "../../lib/format.ts";
import type { RankedListData } from "../../lib/ranked-lists/page-data.ts";
import { RANKED_PAGE_SIZE } from "../../lib/ranked-lists/paging.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { AboutRankedList } from "./about-ranked-list.tsx";
import { OrderTabs } from "./order-tabs.tsx";
import { RankedListLinks } from "./ranked-list-links.tsx";
import { YearEmpty } from "./year-empty.tsx";

/** "Ranks 51 to 100 of 500". */
function rangeText(data: RankedListData): string {
  const from = (data.page - 1) * RANKED_PAGE_SIZE + 1;
  const to = from + data.rows.length - 1;
  return `Ranks ${formatCount(from)} to ${formatCount(to)} of ${formatCount(data.total)}`;
}

/**
 * A ranked-list page (most followed, fastest rising, top monthly, top 2021, supporters): heading,
 * the tabs, Prev and Next day, one page of the shared ranking table, the pager, the links between
 * the lists and what the list means. The server's HTML holds the page's rows and every link, so it
 * reads and pages without scripts; with them, live thumbnails appear where age verification does
 * not apply (SPEC §6).
 */
export function RankedListPage({ data, platformName }: { data: RankedListData; platformName: string }) {
  const hydrated = useHydrated();
  // SPEC §6: crawlers skip the geo lookup; thumbnails wait for its answer.
  const ageVerification = useAgeVerification(hydrated && !data.crawler);
  const showThumbnails = ageVerification === "not-required" && data.imageHost !== null;
  const thumbnailOf = (username: string) =>
    showThumbnails ? `${data.imageHost}/ri/${encodeURIComponent(username)}.jpg` : null;

  return (
    <article className="ranked-list">
      <header className="ranked-list__head">
        <h1 className="ranked-list__title">{data.heading}</h1>
        {data.period !== null && <p className="ranked-list__lead">Over {data.period}.</p>}
      </header>

      {data.genderTabs !== null && <GenderTabs current={data.gender} tabs={data.genderTabs} />}
      {data.orderTabs !== null && <OrderTabs tabs={data.orderTabs} />}
      {data.day !== null && (
        <div className="ranked-list__controls">
          <DayNav day={data.day.day} prevPath={data.day.prevPath} nextPath={data.day.nextPath} />
        </div>
      )}

      {data.noYearData !== null ? (
        <YearEmpty year={data.noYearData.year} firstDay={data.noYearData.firstDay} />
      ) : data.rows.length === 0 ? (
        <p className="ranked-list__empty">Nobody is in this list yet.</p>
      ) : (
        <>
          <p className="ranked-list__range">{rangeText(data)}</p>
          <RankingTable
            caption={data.heading}
            mode={data.mode}
            rows={data.rows}
            scoreLabel={data.scoreLabel}
            thumbnailOf={thumbnailOf}
            showProfileThumbs={ageVerification === "not-required"}
          />
        </>
      )}

      <Pagination path={data.listPath} current={data.page} total={data.pageCount} label="Pages of the list" />
      <RankedListLinks current={data.family} />
      <AboutRankedList family={data.family} platformName={platformName} />
    </article>
  );
}
