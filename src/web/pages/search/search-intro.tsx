import { useEffect, useState } from "react";

/** Where dismissing the search page's header is remembered (SPEC §4). */
export const INTRO_DISMISSED_KEY = "camstats.searchIntroDismissed";

function readDismissed(): boolean {
  try {
    return window.localStorage.getItem(INTRO_DISMISSED_KEY) === "1";
  } catch {
    return false; // storage blocked: the header simply shows again
  }
}

/**
 * The search page's dismissible header (SPEC §2): what the search does. Dismissing it is
 * remembered in local storage; it is hidden when a user is present (signed in). The server renders
 * it; a stored dismissal or a signed-in user hides it once scripts run.
 */
export function SearchIntro({ userPresent }: { userPresent: boolean }) {
  const [dismissed, setDismissed] = useState(false);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    setDismissed(readDismissed());
    setReady(true);
  }, []);
  if (userPresent || dismissed) return null;
  return (
    <section className="search-intro" aria-label="About the search">
      <p>
        Search every performer we have seen by a part of their name (at least two characters), or switch to{" "}
        <strong>Summaries &amp; Fan quotes</strong> to search what is written about them. Narrow the results
        by gender with the links below, and by tags, age, followers, viewers or who is live now with the
        Filters button.
      </p>
      {ready && (
        <button
          type="button"
          className="search-intro__dismiss"
          onClick={() => {
            setDismissed(true);
            try {
              window.localStorage.setItem(INTRO_DISMISSED_KEY, "1");
            } catch {
              // storage blocked: dismissed for this visit only
            }
          }}
        >
          Dismiss
        </button>
      )}
    </section>
  );
}
