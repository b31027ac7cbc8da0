import { type Config, usesSandbox } from "../config.ts";

/**
 * When the development tools run: the embedded mail sink and /dev/mail, the sandbox control
 * (/dev/sandbox/…) and the local stand-in for Google (DESIGN.md §8, issue 27). One rule, stated
 * at start-up: the sandbox is the data source, and the site does not answer at a public address.
 * The sink holds every reset link it was given, so it must never run where strangers can reach it.
 */
export interface DevToolsRule {
  on: boolean;
  /** The rule's outcome in words, for the start-up log. */
  why: string;
}

/** Host names that only this machine reaches (WHATWG URL's hostname: IPv6 in brackets). */
const LOOPBACK_HOST = /^(localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])$/i;

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOST.test(hostname);
}

export function devToolsRule(config: Config): DevToolsRule {
  const tools =
    "the development tools (the local mail sink and /dev/mail, /dev/sandbox, the stand-in for Google)";
  if (!usesSandbox(config))
    return { on: false, why: `${tools} are off: the real platform is the data source (PLATFORM_FEED_URL)` };
  if (config.PUBLIC_URL !== undefined && !isLoopbackHost(new URL(config.PUBLIC_URL).hostname))
    return {
      on: false,
      why: `${tools} are off: the site answers at a public address (PUBLIC_URL ${new URL(config.PUBLIC_URL).origin})`,
    };
  return {
    on: true,
    why: `${tools} are on: the sandbox is the data source and PUBLIC_URL is ${config.PUBLIC_URL === undefined ? "unset" : "this machine"}; they answer direct requests from this machine only`,
  };
}

/** Why the site cannot start: accounts need real mail beside a real platform (null: it can). */
export function accountMailProblem(config: Config): string | null {
  if (usesSandbox(config) || config.SMTP_URL !== undefined) return null;
  return (
    "Invalid configuration. Fix these environment variables:\n" +
    "  SMTP_URL: expected the SMTP server that sends account mail (sign-up confirmations, password resets) whenever PLATFORM_FEED_URL is set; " +
    "the local mail sink runs only with the sandbox platform; got nothing (not set)"
  );
}
