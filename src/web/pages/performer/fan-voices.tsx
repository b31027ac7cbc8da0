import { lazy, Suspense, useState } from "react";
import { ANONYMOUS_FAN } from "../../../moderation/quote-rules.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";

/** An approved fan quote as the page shows it (issue 30, point 3). */
export interface FanQuote {
  quoteId: number;
  quote: string;
  /** The fan's display name; null shows "a fan". */
  by: string | null;
  /** YYYY-MM-DD, the day it was approved. */
  approvedOn: string;
}

// The forms' code (and the sign-in dialog's) loads when the visitor opens them.
const CommunityForms = lazy(() => import("./community-forms.tsx"));

/**
 * "What fans say": the approved quotes, server-rendered, then the forms to suggest a tag or a
 * summary and to write a quote, behind one disclosure so that a reader's page stays short.
 * Without scripts the forms cannot send (they are API calls), so the disclosure says so.
 */
export function FanVoices({ performer, quotes }: { performer: string; quotes: readonly FanQuote[] }) {
  const hydrated = useHydrated();
  const [opened, setOpened] = useState(false);
  return (
    <section className="performer__section community" aria-labelledby="fans-title">
      <h2 id="fans-title">What fans say</h2>
      {quotes.length === 0 ? (
        <p className="community__none">No fan quotes about {performer} yet.</p>
      ) : (
        <ul className="community__quotes">
          {quotes.map((q) => (
            <li key={q.quoteId} className="community__quote">
              <blockquote>{q.quote}</blockquote>
              <p className="community__by">
                {q.by ?? ANONYMOUS_FAN}, <time dateTime={q.approvedOn}>{q.approvedOn}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
      <details className="community__more" onToggle={(event) => setOpened(event.currentTarget.open)}>
        <summary>Suggest a tag or a summary, or write a quote</summary>
        {!hydrated ? (
          <p className="community__hint">These forms need JavaScript.</p>
        ) : (
          opened && (
            <Suspense fallback={<p className="community__hint">Loading the forms…</p>}>
              <CommunityForms performer={performer} />
            </Suspense>
          )
        )}
      </details>
    </section>
  );
}
