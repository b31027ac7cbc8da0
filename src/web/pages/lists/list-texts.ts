import type { AlertChoice } from "../../lib/lists/list-data.ts";

/** What the list page's owner controls say when a change is saved (asserted by the browser tests). */
export const LIST_SAVED = "Saved.";
export const IMAGE_SAVED = "The image is set.";
export const IMAGE_REMOVED = "The image is removed.";

/** What the alerts' choice says once the server has it. */
export const ALERTS_SAVED: Record<AlertChoice, string> = {
  off: "No e-mail alerts for this list.",
  each: "You will get an e-mail when a performer on this list goes live.",
  digest: "You will get one e-mail a day with who went live.",
};
