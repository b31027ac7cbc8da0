import type { GoogleClient } from "../identity/auth.ts";

/**
 * What the main process tells each server process it forks (in the environment, so a process
 * forked again after a crash gets the same): where the database, the sandbox platform and the mail
 * sink are, and the sandbox's stand-in for Google, which the main process learned while starting them.
 */
export interface WebProcessSettings {
  databaseUrl: string;
  /** The sandbox platform's address when it is the feed; null with the real feed. */
  sandboxUrl: string | null;
  /** How many processes serve the site. */
  processes: number;
  /** The embedded mail sink's SMTP URL when it is the mail sink; null with SMTP_URL. */
  mailSinkUrl: string | null;
  /** The sandbox's stand-in for Google (its issuer and this site's client there); null when none runs. */
  googleStandIn: GoogleClient | null;
}

export const WEB_PROCESS_ENV = "CAMSTATS_WEB_PROCESS";

export function webProcessEnv(settings: WebProcessSettings): Record<string, string> {
  return { [WEB_PROCESS_ENV]: JSON.stringify(settings) };
}

/** The settings a server process was forked with; an error names what is missing. */
export function readWebProcessSettings(env: Record<string, string | undefined>): WebProcessSettings {
  const text = env[WEB_PROCESS_ENV];
  if (!text) {
    throw new Error(
      `${WEB_PROCESS_ENV} is not set: src/web-process.ts is a server process of \`npm start\` (WEB_PROCESSES), not a command of its own`,
    );
  }
  const value = JSON.parse(text) as Partial<WebProcessSettings>;
  if (
    typeof value.databaseUrl !== "string" ||
    !(value.sandboxUrl === null || typeof value.sandboxUrl === "string") ||
    typeof value.processes !== "number" ||
    !(value.mailSinkUrl === null || typeof value.mailSinkUrl === "string") ||
    !(value.googleStandIn === null || isGoogleClient(value.googleStandIn))
  ) {
    throw new Error(
      `${WEB_PROCESS_ENV} does not hold a database URL, a sandbox URL or null, a count, a mail sink URL or null, and a Google stand-in or null: ${text}`,
    );
  }
  return {
    databaseUrl: value.databaseUrl,
    sandboxUrl: value.sandboxUrl,
    processes: value.processes,
    mailSinkUrl: value.mailSinkUrl,
    googleStandIn: value.googleStandIn,
  };
}

function isGoogleClient(value: unknown): value is GoogleClient {
  const client = value as Partial<GoogleClient> | undefined;
  return (
    typeof client?.issuer === "string" &&
    typeof client.clientId === "string" &&
    typeof client.clientSecret === "string"
  );
}
