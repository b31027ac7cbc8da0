import { Form, Link } from "react-router";
import {
  GENDER_LABEL,
  PAGE_GENDER_OF,
  TIP_MENU_PAGE_GENDERS,
  type TipMenuPageGender,
  TOKENS_MAX,
  TOKENS_MIN,
  tipMenuPath,
} from "../../../site/tipmenu.ts";
import {
  type PriceSpread,
  TIP_MENU_GENDERS,
  type TipMenuAnswer,
  type TipMenuItem,
} from "../../../types/tipmenu.ts";
import { formatCount } from "../../lib/format.ts";
import { seenDay, type TipMenuPageData } from "./page-data.ts";

const PAGE_GENDER_LABEL: Readonly<Record<TipMenuPageGender, string>> = {
  all: "All",
  female: "Female",
  male: "Male",
  couples: "Couples",
  trans: "Trans",
};

const tokens = (n: number) => `${formatCount(n)} tk`;

/**
 * The tip menu search (/tipmenu[/{searchTerm}/{gender}]): what performers ask for an item, from the
 * goals in their room subjects and verified performers' own tip menus. A plain GET form, so an
 * answer is an address that can be shared and the page works without its script.
 */
export function TipMenuPage({ data, platform }: { data: TipMenuPageData; platform: string }) {
  const { form, answer } = data;
  return (
    <article className="page tipmenu">
      <h1>{answer === null ? "Tip menu search" : `What performers charge for “${answer.searchTerm}”`}</h1>
      <p className="page__lead">
        What do performers on {platform} ask for a dance, an oil show or a private message? We read the token
        goals performers write in their room subjects at every poll, and the tip menus verified performers
        enter themselves.
      </p>

      <Form method="get" action="/tipmenu" className="account-form tipmenu__form">
        <div className="account-field tipmenu__term">
          <label className="account-field__label" htmlFor="tipmenu-term">
            Item
          </label>
          <input
            id="tipmenu-term"
            className="account-field__input"
            name="term"
            defaultValue={form.term}
            minLength={2}
            maxLength={60}
            autoComplete="off"
            placeholder="oil show"
            required
          />
        </div>
        <div className="account-field">
          <label className="account-field__label" htmlFor="tipmenu-gender">
            Gender
          </label>
          <select
            id="tipmenu-gender"
            className="account-field__input"
            name="gender"
            defaultValue={form.gender}
          >
            {TIP_MENU_PAGE_GENDERS.map((g) => (
              <option key={g} value={g}>
                {PAGE_GENDER_LABEL[g]}
              </option>
            ))}
          </select>
        </div>
        <div className="account-field tipmenu__tokens">
          <label className="account-field__label" htmlFor="tipmenu-min">
            Min tokens
          </label>
          <input
            id="tipmenu-min"
            className="account-field__input"
            name="min"
            type="number"
            min={TOKENS_MIN}
            max={TOKENS_MAX}
            step={1}
            inputMode="numeric"
            defaultValue={form.min}
          />
        </div>
        <div className="account-field tipmenu__tokens">
          <label className="account-field__label" htmlFor="tipmenu-max">
            Max tokens
          </label>
          <input
            id="tipmenu-max"
            className="account-field__input"
            name="max"
            type="number"
            min={TOKENS_MIN}
            max={TOKENS_MAX}
            step={1}
            inputMode="numeric"
            defaultValue={form.max}
          />
        </div>
        <button type="submit" className="account-button">
          Find prices
        </button>
      </Form>

      {data.problem !== null && (
        <div className="account-message account-message--problem" role="alert">
          <p>{data.problem}</p>
          <p>An item is 2 to 60 characters; tokens are whole numbers from 0 to 1,000,000, min at most max.</p>
        </div>
      )}

      {answer !== null && <Answer answer={answer} />}
      {data.popular.length > 0 && <Popular items={data.popular} />}
    </article>
  );
}

function Answer({ answer }: { answer: TipMenuAnswer }) {
  const gender: TipMenuPageGender = answer.gender === "all" ? "all" : PAGE_GENDER_OF[answer.gender];
  return (
    <>
      <nav className="tipmenu__genders" aria-label="Performers shown">
        {TIP_MENU_PAGE_GENDERS.map((g) => (
          <Link
            key={g}
            to={tipMenuPath(answer.searchTerm, g, answer.minTokens, answer.maxTokens)}
            aria-current={g === gender ? "page" : undefined}
            className="tipmenu__gender"
          >
            {PAGE_GENDER_LABEL[g]}
          </Link>
        ))}
      </nav>
      <Distribution answer={answer} />
      <Items answer={answer} />
    </>
  );
}

/** Each gender's prices as a bar: the line from the lowest to the highest, the box the middle half, the mark the median. */
function Distribution({ answer }: { answer: TipMenuAnswer }) {
  const { all, byGender } = answer.distribution;
  const scale = all.max ?? 1;
  const rows: Array<[string, PriceSpread]> = [
    ["All", all],
    ...TIP_MENU_GENDERS.map((g): [string, PriceSpread] => [GENDER_LABEL[g], byGender[g]]),
  ];
  return (
    <section className="tipmenu__spread" aria-labelledby="tipmenu-spread">
      <h2 id="tipmenu-spread">Prices</h2>
      {all.count === 0 ? (
        <p>No performer asked for this in the last 90 days{rangeText(answer)}.</p>
      ) : (
        <ul className="tipmenu__bars">
          {rows.map(([label, s]) => (
            <li key={label} className="tipmenu__bar-row">
              <span className="tipmenu__bar-label">{label}</span>
              <SpreadBar spread={s} scale={scale} />
              <span className="tipmenu__bar-text">{spreadText(s)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const percent = (value: number, scale: number) => `${Math.min(100, (value / scale) * 100).toFixed(1)}%`;

function SpreadBar({ spread, scale }: { spread: PriceSpread; scale: number }) {
  if (spread.count === 0 || spread.min === null || spread.max === null)
    return <span className="tipmenu__bar" />;
  const { min, q1, median, q3, max } = spread;
  return (
    <span className="tipmenu__bar" aria-hidden="true">
      <span
        className="tipmenu__whisker"
        style={{ left: percent(min, scale), width: `calc(${percent(max - min, scale)} + 2px)` }}
      />
      <span
        className="tipmenu__box"
        style={{
          left: percent(q1 ?? min, scale),
          width: `calc(${percent((q3 ?? max) - (q1 ?? min), scale)} + 2px)`,
        }}
      />
      <span className="tipmenu__median" style={{ left: percent(median ?? min, scale) }} />
    </span>
  );
}

function spreadText(s: PriceSpread): string {
  if (s.count === 0 || s.median === null) return "none";
  const items = `${formatCount(s.count)} ${s.count === 1 ? "item" : "items"}`;
  if (s.count === 1) return `${tokens(s.median)} · ${items}`;
  return `median ${tokens(s.median)} · middle half ${formatCount(s.q1 ?? 0)}–${tokens(s.q3 ?? 0)} · ${items}`;
}

function rangeText(answer: TipMenuAnswer): string {
  if (answer.minTokens === TOKENS_MIN && answer.maxTokens === TOKENS_MAX) return "";
  return ` between ${formatCount(answer.minTokens)} and ${tokens(answer.maxTokens)}`;
}

function Items({ answer }: { answer: TipMenuAnswer }) {
  const gender = answer.gender === "all" ? "" : ` (${GENDER_LABEL[answer.gender].toLowerCase()})`;
  return (
    <section className="tipmenu__items" aria-labelledby="tipmenu-items">
      <h2 id="tipmenu-items">
        Performers asking{gender}:{" "}
        {answer.items.length === 100 ? "the first 100" : formatCount(answer.items.length)}
      </h2>
      {answer.items.length === 0 ? (
        <p>Nothing matched{gender}. Try fewer words, another gender or a wider token range.</p>
      ) : (
        <table className="tipmenu__table">
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Price</th>
              <th scope="col">Performer</th>
              <th scope="col">Seen</th>
            </tr>
          </thead>
          <tbody>
            {answer.items.map((item) => (
              <ItemRow key={`${item.performer.username} ${item.source} ${item.item}`} item={item} />
            ))}
          </tbody>
        </table>
      )}
      <p className="account-field__hint">
        “at least” marks a goal read while it was under way: the most tokens we saw still missing, so the full
        price is that or more. “tip menu” marks a price from the performer’s own tip menu.
      </p>
    </section>
  );
}

function ItemRow({ item }: { item: TipMenuItem }) {
  return (
    <tr>
      <td data-label="Item" className="tipmenu__item">
        {item.item}
        {item.source === "menu" && <span className="tipmenu__badge">tip menu</span>}
      </td>
      <td data-label="Price" className="tipmenu__price">
        {item.amountKind === "left" ? `at least ${tokens(item.tokens)}` : tokens(item.tokens)}
      </td>
      <td data-label="Performer">
        <Link to={`/${item.performer.username}`}>
          {item.performer.displayName ?? item.performer.username}
        </Link>{" "}
        <span className="tipmenu__muted">{GENDER_LABEL[item.performer.gender]}</span>
      </td>
      <td data-label="Seen">{seenDay(item.lastSeen)}</td>
    </tr>
  );
}

function Popular({ items }: { items: TipMenuPageData["popular"] }) {
  return (
    <section aria-labelledby="tipmenu-popular">
      <h2 id="tipmenu-popular">What performers ask for most</h2>
      <ul className="tipmenu__popular">
        {items.map((p) => (
          <li key={p.itemKey}>
            <Link to={tipMenuPath(p.itemKey, "all")}>{p.itemKey}</Link>{" "}
            <span className="tipmenu__muted">
              {formatCount(p.performers)} {p.performers === 1 ? "performer" : "performers"} · median{" "}
              {tokens(p.median)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
