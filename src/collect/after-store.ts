import type { Logger } from "../log.ts";
import type { CollectorDeps } from "./poll.ts";

type AfterStore = NonNullable<CollectorDeps["afterStore"]>;

/**
 * Several afterStore hooks as one, run in order after each stored poll: one failing is logged and
 * the next still runs (the online-users files, the claims and opt-out codes checks, the alerts and
 * the subject goals are independent).
 */
export function afterStoreAll(hooks: readonly AfterStore[], log?: Logger): AfterStore {
  return async (summary, publicUsernames, rooms, seen) => {
    for (const hook of hooks) {
      try {
        await hook(summary, publicUsernames, rooms, seen);
      } catch (error) {
        log?.error({ err: error }, `after storing poll ${summary.observedAt.toISOString()}`);
      }
    }
  };
}
