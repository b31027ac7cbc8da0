import { useState } from "react";
import { Form, useLocation } from "react-router";
import { COMPARE_DAYS_BACK, COMPARE_MAX_PERFORMERS } from "../../../types/compare-performers.ts";
import { COMPARE_PATH, type CompareQuery } from "../../lib/compare/compare-query.ts";
import { CompareResults } from "./compare-results.tsx";
import { useNameSuggestions } from "./use-name-suggestions.ts";

/**
 * /compare (issue 20): the performers chosen and the days, as a form that works without scripts
 * (a GET to the page, which folds `add` and `remove` into the address), then the comparison for a
 * signed-in visitor.
 */
export function ComparePage({ query }: { query: CompareQuery }) {
  const location = useLocation();
  return (
    <article className="page compare">
      <h1>Compare performers</h1>
      <p className="page__lead">
        Followers, peak and average viewers, hours online and best rank of 2 to {COMPARE_MAX_PERFORMERS}{" "}
        performers side by side, day by day (UTC) up to the latest complete day: today so far is not included.
      </p>
      {query.problems.map((problem) => (
        <p key={problem} className="account-message account-message--problem">
          {problem}
        </p>
      ))}
      {/* A new address is a new choice: the form starts again from it (the typed name cleared). */}
      <CompareForm key={location.search} query={query} />
      <CompareResults query={query} />
    </article>
  );
}

function CompareForm({ query }: { query: CompareQuery }) {
  const [typed, setTyped] = useState("");
  const suggestions = useNameSuggestions(typed, query.performers);
  const full = query.performers.length >= COMPARE_MAX_PERFORMERS;
  return (
    <Form method="get" action={COMPARE_PATH} className="account-form compare__form">
      <input type="hidden" name="performers" value={query.performers.join(",")} />
      {/* The Add and Compare buttons come before the Remove ones: Enter in a field presses the first. */}
      <div className="compare__row">
        {full ? (
          <p className="compare__full">
            {COMPARE_MAX_PERFORMERS} performers chosen, the most at once: remove one to add another.
          </p>
        ) : (
          <div className="account-field compare__add">
            <label className="account-field__label" htmlFor="compare-add">
              Add a performer
            </label>
            <input
              id="compare-add"
              className="account-field__input"
              name="add"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              list="compare-names"
              maxLength={64}
              autoCapitalize="none"
              autoComplete="off"
              spellCheck={false}
              placeholder="Username"
            />
            <datalist id="compare-names">
              {suggestions.map((s) => (
                <option key={s.name} value={s.name}>
                  {s.displayName !== null && s.displayName !== s.name ? s.displayName : undefined}
                </option>
              ))}
            </datalist>
          </div>
        )}
        {!full && (
          <button type="submit" className="account-button account-button--secondary">
            Add
          </button>
        )}
      </div>
      <div className="compare__row">
        <div className="account-field compare__days">
          <label className="account-field__label" htmlFor="compare-days">
            Days
          </label>
          <select id="compare-days" className="account-field__input" name="days" defaultValue={query.days}>
            {COMPARE_DAYS_BACK.map((d) => (
              <option key={d} value={d}>
                {d === 365 ? "365 days (a year)" : `${d} days`}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="account-button">
          Compare
        </button>
      </div>
      <section aria-labelledby="compare-chosen-title">
        <h2 id="compare-chosen-title" className="compare__chosen-title">
          Chosen ({query.performers.length} of {COMPARE_MAX_PERFORMERS})
        </h2>
        {query.performers.length === 0 ? (
          <p className="compare__note">
            No performers yet: add 2 to {COMPARE_MAX_PERFORMERS} by their usernames.
          </p>
        ) : (
          <ul className="compare__chosen">
            {query.performers.map((name) => (
              <li key={name}>
                <a href={`/${name}`}>{name}</a>
                <button type="submit" name="remove" value={name} className="compare__remove">
                  Remove<span className="sr-only"> {name}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </Form>
  );
}
