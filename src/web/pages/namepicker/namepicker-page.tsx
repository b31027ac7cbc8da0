import { Form, Link } from "react-router";
import type { NameCheck, NamePickerData, ShownName, Suggestions } from "./page-data.ts";
import { namepickerPath } from "./page-data.ts";

/**
 * The name picker (/namepicker[/{name}]): check a username against every performer we have seen,
 * and make free ones from a few words. Both forms are plain GET forms, so the answer is an
 * address that can be shared and the page works before (or without) its script.
 */
export function NamePickerPage({ data, platform }: { data: NamePickerData; platform: string }) {
  const { check } = data;
  return (
    <article className="page namepicker">
      <h1>{check === null ? "Name picker" : `Is ${check.name} taken?`}</h1>
      <p className="page__lead">
        Picking a name on {platform}? Check whether it is free among every performer we have seen, and get
        free names made from a few words or a theme.
      </p>

      <Form method="get" action="/namepicker" className="account-form namepicker__form">
        <div className="account-field">
          <label className="account-field__label" htmlFor="namepicker-name">
            Name to check
          </label>
          <input
            id="namepicker-name"
            className="account-field__input"
            name="name"
            defaultValue={check?.name ?? ""}
            maxLength={64}
            autoCapitalize="none"
            autoComplete="off"
            spellCheck={false}
            required
          />
        </div>
        <button type="submit" className="account-button">
          Check
        </button>
      </Form>

      {check !== null && <CheckAnswer check={check} platform={platform} />}

      <h2>Suggest free names</h2>
      <Form
        method="get"
        action={namepickerPath(check?.kind === "invalid" ? null : (check?.name ?? null))}
        className="account-form namepicker__form"
      >
        <div className="account-field">
          <label className="account-field__label" htmlFor="namepicker-words">
            A few words or a theme
          </label>
          <input
            id="namepicker-words"
            className="account-field__input"
            name="words"
            defaultValue={data.wordsInput}
            maxLength={200}
            autoComplete="off"
            aria-describedby="namepicker-words-hint"
          />
        </div>
        <button type="submit" className="account-button account-button--secondary">
          Suggest
        </button>
        {/* After the button, on a line of its own, so the button lines up with the field. */}
        <p id="namepicker-words-hint" className="account-field__hint namepicker__hint">
          For example "rose gold" or "angel". Every name shown is checked first.
        </p>
      </Form>

      {data.suggestions !== null && <SuggestionList suggestions={data.suggestions} />}
    </article>
  );
}

function CheckAnswer({ check, platform }: { check: NameCheck; platform: string }) {
  if (check.kind === "invalid")
    return (
      <div className="account-message account-message--problem namepicker__answer" role="alert">
        <p>{check.problem}</p>
        <p>A username is 1 to 64 letters, digits, _ . and -, starting with a letter, digit or _.</p>
      </div>
    );
  return (
    <section className="namepicker__answer" aria-labelledby="namepicker-verdict">
      {check.kind === "free" ? (
        <div className="namepicker__verdict namepicker__verdict--free">
          <h2 id="namepicker-verdict">
            {check.name} is <strong>available</strong>
          </h2>
          <p>
            We have never seen a performer called {check.name} on {platform}.
          </p>
        </div>
      ) : (
        <div className="namepicker__verdict namepicker__verdict--taken">
          <h2 id="namepicker-verdict">
            {check.name} is <strong>taken</strong>
          </h2>
          <p>
            A performer on {platform} has this name
            {check.lastLive === null ? "." : `: ${check.lastLive}.`}
          </p>
        </div>
      )}
      {check.closest.length > 0 && <ClosestNames names={check.closest} />}
    </section>
  );
}

function ClosestNames({ names }: { names: ShownName[] }) {
  return (
    <>
      <h3>Closest taken names</h3>
      <ul className="namepicker__names">
        {names.map((n) => (
          <li key={n.name}>
            <Link to={`/${n.name}`}>{n.name}</Link> <span className="namepicker__when">{n.lastLive}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

function SuggestionList({ suggestions }: { suggestions: Suggestions }) {
  if (suggestions.problem !== null)
    return (
      <div className="account-message account-message--problem" role="alert">
        <p>{suggestions.problem}</p>
      </div>
    );
  return (
    <section aria-labelledby="namepicker-suggestions">
      <h3 id="namepicker-suggestions">Free names from {suggestions.words.join(", ")}</h3>
      {suggestions.names.length === 0 ? (
        <p>Every name we made from these words is taken. Try other words.</p>
      ) : (
        <ul className="namepicker__names namepicker__suggestions">
          {suggestions.names.map((name) => (
            <li key={name}>
              <Link to={namepickerPath(name)}>{name}</Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
