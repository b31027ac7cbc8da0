/**
 * The made-up site the sandbox platform's room links point at (nothing answers there). Here, not in
 * src/sandbox, because the site's server links to it when no real platform is configured, and no
 * production module may load the sandbox (docs/decisions/0010-import-layers.md).
 */
export const SANDBOX_SITE = "https://sandbox-cams.example";
