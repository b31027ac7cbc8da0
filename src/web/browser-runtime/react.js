// `react` as the browser's build sees it (vite.config.ts): Preact's compatibility layer with the
// mends of preact-mends.ts in place of the hooks they mend (docs/decisions/0054-preact-in-the-browser.md).
import compat from "preact/compat";
import { useSyncExternalStore } from "./preact-mends.ts";

export * from "preact/compat";
export { useSyncExternalStore };
export default { ...compat, useSyncExternalStore };
