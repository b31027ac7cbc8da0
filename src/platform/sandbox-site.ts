/**
 * The made-up site the sandbox platform's room links point at (nothing answers there). Here, not in
 * src/sandbox, because the site's server links to it when no real platform is configured, and no
 * production module may load the sandbox (docs/decisions/0010-import-layers.md).
 */
export const SANDBOX_SITE = "https://sandbox-cams.example";

/**
 * The sandbox platform's control (src/sandbox/server.ts): POST { performer, roomSubject?, aboutMe?,
 * online? } sets a performer's state by hand. Here so that the site's /dev/sandbox/performer can
 * forward to it without loading the sandbox.
 */
export const SANDBOX_CONTROL_PATH = "/_sandbox/performer";
/** The longest room subject or about-me the control takes. */
export const SANDBOX_TEXT_MAX = 2000;
