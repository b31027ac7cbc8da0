import { useEffect, useState } from "react";

/**
 * Whether age verification applies to the visitor (SPEC §6), from GET /api/geoip: where it does,
 * live previews and thumbnails are not shown. "unknown" until the answer arrives, so nothing is
 * shown and then taken away. A failed lookup is logged and leaves age verification off (SPEC §8).
 */
export type AgeVerification = "unknown" | "required" | "not-required";

export const GEO_ERROR_MESSAGE = "Error fetching geo IP for age verification";

/** Whether an /api/geoip answer says age verification applies; anything unreadable is a failure. */
export function readGeoAnswer(body: unknown): boolean {
  if (typeof body !== "object" || body === null || !("ageVerification" in body)) {
    throw new Error("the answer has no ageVerification");
  }
  return body.ageVerification === true;
}

let lookup: Promise<boolean> | null = null;

/** One lookup per page load, shared by every page that asks (the answer is the visitor's, not the page's). */
export function lookupAgeVerification(fetchJson: typeof fetch = fetch): Promise<boolean> {
  lookup ??= fetchJson("/api/geoip")
    .then((response) => {
      if (!response.ok) throw new Error(`status ${response.status}`);
      return response.json() as Promise<unknown>;
    })
    .then(readGeoAnswer)
    .catch((error: unknown) => {
      console.error(GEO_ERROR_MESSAGE, error);
      return false;
    });
  return lookup;
}

/** The visitor's age verification; `enabled` false (crawlers, SPEC §6) never looks it up. */
export function useAgeVerification(enabled: boolean): AgeVerification {
  const [state, setState] = useState<AgeVerification>("unknown");
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    void lookupAgeVerification().then((required) => {
      if (current) setState(required ? "required" : "not-required");
    });
    return () => {
      current = false;
    };
  }, [enabled]);
  return state;
}
