import { useEffect, useMemo, useRef, useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { createSearchTrigger, isSearchPath, SEARCH_PATH, searchUrl } from "../lib/search-box.ts";
import { ClearIcon, SearchIcon } from "./icons.tsx";

/**
 * The header's search box (SPEC §2, §4). A plain GET form to /search, so it works before the
 * scripts load; once they have, the rules of src/web/lib/search-box.ts decide when to search.
 */
export function SearchBox() {
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const urlTerm = isSearchPath(location.pathname) ? (searchParams.get("search") ?? "") : "";
  const [text, setText] = useState(urlTerm);

  // The trigger outlives renders (it holds the pending pause), so it reads the current location
  // and navigate through a ref rather than capturing the first ones.
  const current = useRef({ pathname: location.pathname, search: location.search, navigate });
  current.current = { pathname: location.pathname, search: location.search, navigate };
  // Whether the visitor is in a run of typing that has already searched: its later pauses replace
  // that history entry rather than stacking one per pause, and Back returns to the search before
  // the run. A run ends when the box loses the focus or a search starts at once.
  const typing = useRef(false);
  // The term this box last sent, so the address catching up with it does not overwrite what the
  // visitor has typed since.
  const sent = useRef<string | null>(null);

  const trigger = useMemo(
    () =>
      createSearchTrigger((term, how) => {
        const { pathname, search, navigate: go } = current.current;
        const onSearchPage = isSearchPath(pathname);
        sent.current = term.trim();
        // On the search page a new term keeps the mode, filters and sort (issue 28).
        const to = onSearchPage ? searchUrl(term, pathname, new URLSearchParams(search)) : searchUrl(term);
        const replace = (how === "typed" && typing.current) || to === pathname + search;
        typing.current = how === "typed";
        void go(to, { replace });
      }),
    [],
  );
  useEffect(() => () => trigger.cancel(), [trigger]);

  // Follow the address when it changes for another reason (back button, a link, leaving the page).
  useEffect(() => {
    if (urlTerm === sent.current) {
      sent.current = null;
      return;
    }
    setText(urlTerm);
  }, [urlTerm]);

  return (
    // The <search> element is from 2023; the role on the form reaches every screen reader.
    // biome-ignore lint/a11y/useSemanticElements: see above
    <form
      className="search-box"
      role="search"
      action={SEARCH_PATH}
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        trigger.submitted(text);
      }}
    >
      <input
        className="search-box__input"
        type="search"
        name="search"
        value={text}
        placeholder="Search performers"
        aria-label="Search performers by name"
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        onBlur={() => {
          typing.current = false;
        }}
        onChange={(event) => {
          setText(event.target.value);
          trigger.typed(event.target.value);
        }}
      />
      {text !== "" && (
        <button
          className="search-box__button"
          type="button"
          aria-label="Clear the search"
          onClick={() => {
            setText("");
            trigger.cleared();
          }}
        >
          <ClearIcon size={18} />
        </button>
      )}
      <button className="search-box__button" type="submit" aria-label="Search">
        <SearchIcon size={18} />
      </button>
    </form>
  );
}
