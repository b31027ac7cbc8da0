import { type KeyboardEvent, type PointerEvent, useRef, useState } from "react";
import { OVERVIEW_TABS, type OverviewTab, swipeTarget, TAB_INFO } from "../../lib/tag-overview/tabs.ts";
import { OverviewTable } from "./overview-table.tsx";

/**
 * The tab last chosen, kept while the page runs: the gender switch and the tag picker load another
 * address (another route match), and the visitor should stay on the list they were reading.
 */
let rememberedTab = 0;

const tabId = (id: string) => `overview-tab-${id}`;
const panelId = (id: string) => `overview-panel-${id}`;

/** Why a tab has no rows: not published, nobody in it, or nobody in it live now. */
function EmptyTab({ tab, liveOnly }: { tab: OverviewTab; liveOnly: boolean }) {
  const text =
    tab.rows === null
      ? "This list has not been published yet."
      : liveOnly
        ? "Nobody in this list is live now."
        : "Nobody is in this list yet.";
  return <p className="tag-overview__empty">{text}</p>;
}

/**
 * The four rankings (SPEC §2). `tabbed` is the tab layout (scripts running, below 1000 px): an ARIA
 * tablist over one panel at a time, changed by a click, the arrow keys, or a horizontal swipe over
 * the tables. Otherwise (no scripts, or a wide screen) every table is shown, each under its heading.
 */
export function OverviewTabs({
  tabs,
  tabbed,
  liveOnly,
  live,
  captionOf,
}: {
  tabs: readonly OverviewTab[];
  tabbed: boolean;
  liveOnly: boolean;
  live: ReadonlySet<string> | null;
  captionOf: (tab: OverviewTab) => string;
}) {
  const [selected, setSelected] = useState(() => rememberedTab);
  const swipeStart = useRef<{ x: number; y: number } | null>(null);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const select = (index: number, focus = false) => {
    rememberedTab = index;
    setSelected(index);
    if (focus) tabRefs.current[index]?.focus();
  };

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const last = OVERVIEW_TABS.length - 1;
    const target =
      event.key === "ArrowRight"
        ? (selected + 1) % OVERVIEW_TABS.length
        : event.key === "ArrowLeft"
          ? (selected + last) % OVERVIEW_TABS.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    select(target, true);
  };

  // Touch only: a mouse drag over a table selects text rather than changing the tab. The panels'
  // `touch-action: pan-y` leaves horizontal moves to us, so the browser does not cancel them.
  const onPointerDown = (event: PointerEvent) => {
    swipeStart.current = event.pointerType === "touch" ? { x: event.clientX, y: event.clientY } : null;
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!tabbed || start === null || event.pointerType !== "touch") return;
    const target = swipeTarget(selected, event.clientX - start.x, event.clientY - start.y, tabs.length);
    if (target !== null) select(target);
  };

  return (
    <div className={tabbed ? "tag-overview__tabs tag-overview__tabs--tabbed" : "tag-overview__tabs"}>
      {tabbed && (
        <div className="tag-overview__tablist" role="tablist" aria-label="Rankings">
          {tabs.map((tab, index) => (
            <button
              key={tab.id}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              id={tabId(tab.id)}
              type="button"
              role="tab"
              className="tag-overview__tab"
              aria-selected={index === selected}
              aria-controls={panelId(tab.id)}
              tabIndex={index === selected ? 0 : -1}
              onClick={() => select(index)}
              onKeyDown={onTabKey}
            >
              {TAB_INFO[tab.id].label}
              {tab.allGenders && <span className="tag-overview__scope"> (all genders)</span>}
            </button>
          ))}
        </div>
      )}
      <div
        className="tag-overview__panels"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipeStart.current = null;
        }}
      >
        {tabs.map((tab, index) => {
          const rows = liveOnly && tab.liveRows !== null ? tab.liveRows : tab.rows;
          const info = TAB_INFO[tab.id];
          return (
            <section
              key={tab.id}
              id={panelId(tab.id)}
              className="tag-overview__panel"
              data-tab={tab.id}
              {...(tabbed
                ? { role: "tabpanel", "aria-labelledby": tabId(tab.id), hidden: index !== selected }
                : { "aria-labelledby": `${panelId(tab.id)}-title` })}
            >
              <h2 id={`${panelId(tab.id)}-title`} className="tag-overview__panel-title">
                <span className="tag-overview__panel-label">
                  {info.label}
                  {tab.allGenders && <span className="tag-overview__scope"> (all genders)</span>}{" "}
                </span>
                <span className="tag-overview__period">({info.period})</span>
              </h2>
              {rows === null || rows.length === 0 ? (
                <EmptyTab tab={tab} liveOnly={liveOnly && tab.liveRows !== null} />
              ) : (
                <OverviewTable tab={tab.id} caption={captionOf(tab)} rows={rows} live={live} />
              )}
              <a className="tag-overview__more" href={tab.morePath}>
                show more...<span className="sr-only"> {info.label}</span>
              </a>
            </section>
          );
        })}
      </div>
    </div>
  );
}
