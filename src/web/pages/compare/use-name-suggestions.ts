import { useEffect, useState } from "react";

export interface NameSuggestion {
  name: string;
  displayName: string | null;
}

/** A pause in typing before asking, so a word typed is one request, not one a letter. */
const PAUSE_MS = 250;
const SHOWN = 8;

/**
 * Usernames containing what is typed (POST /v1/model-search, the pickers' lookup, SPEC §5: at least
 * two characters), for the add field's list; the chosen ones left out. A failed lookup lists nothing:
 * the field still takes any name.
 */
export function useNameSuggestions(typed: string, chosen: readonly string[]): NameSuggestion[] {
  const [found, setFound] = useState<{ term: string; names: NameSuggestion[] }>({ term: "", names: [] });
  const term = typed.trim().toLowerCase();
  useEffect(() => {
    if (term.length < 2 || !/^[a-z0-9_.-]+$/.test(term)) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      fetch("/v1/model-search", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ searchTerm: term }),
        signal: controller.signal,
      })
        .then((response) =>
          response.ok ? (response.json() as Promise<{ results: NameSuggestion[] }>) : null,
        )
        .then((body) => {
          if (body) setFound({ term, names: body.results });
        })
        .catch(() => {
          // Aborted by the next keystroke, or offline: no list this time.
        });
    }, PAUSE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [term]);
  if (found.term !== term) return [];
  return found.names.filter((n) => !chosen.includes(n.name)).slice(0, SHOWN);
}
