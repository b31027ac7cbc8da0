import { useSearchParams } from "react-router";
import { Pagination } from "../../components/pagination.tsx";
import { TabLinks } from "../../components/tab-links.tsx";
import type { ListsPageData } from "../../lib/lists/list-data.ts";
import { ListCard } from "./list-card.tsx";
import { LIST_TABS, type ListTab, listTabHref, readListTab } from "./list-tabs.ts";
import { MyListsPanel } from "./my-lists-panel.tsx";
import { WatchedListsPanel } from "./watched-lists-panel.tsx";

/**
 * /lists (SPEC §2): three tabs, the tab index in the address (`?tab=1` My Lists, `?tab=2` Watched;
 * src/web/pages/lists/list-tabs.ts). Public lists are the server's; the other two are the signed-in
 * person's, filled by the browser.
 */
export function ListsPage({ data }: { data: ListsPageData }) {
  const [params] = useSearchParams();
  const tab = readListTab(params.get("tab"));
  return (
    <article className="page lists-page">
      <h1>Model lists</h1>
      <p className="page__lead">
        Lists of performers that fans keep and share: see who on a list is live now, follow a list and get an
        e-mail when its performers go live.
      </p>
      <TabLinks
        name="Lists"
        navClassName="lists-tabs"
        tabs={LIST_TABS.map((label, index) => ({
          key: label,
          label,
          path: listTabHref(index as ListTab),
          current: index === tab,
        }))}
      />
      {tab === 0 && <PublicListsPanel data={data} />}
      {tab === 1 && <MyListsPanel />}
      {tab === 2 && <WatchedListsPanel />}
    </article>
  );
}

function PublicListsPanel({ data }: { data: ListsPageData }) {
  return (
    <section aria-labelledby="public-lists-title">
      <h2 id="public-lists-title" className="lists-page__heading">
        Public lists
      </h2>
      {data.total === 0 ? (
        <p className="lists-note">No public lists yet. Sign in and make one: it will be listed here.</p>
      ) : (
        <>
          <p className="lists-note">
            {data.total.toLocaleString("en-US")} {data.total === 1 ? "list" : "lists"}, the latest changed
            first.
          </p>
          <ul className="list-cards">
            {data.lists.map((list) => (
              <ListCard key={list.listId} list={list} />
            ))}
          </ul>
          <Pagination path="/lists" current={data.page} total={data.pages} label="Pages of public lists" />
        </>
      )}
    </section>
  );
}
