import type { Config } from "../config.ts";

/**
 * What this process runs, in words for the start-up log (decision 0037), with what its role still
 * lacks that the configuration cannot check: storage shared with the other nodes, a secret the
 * others share, mail for accounts.
 */
export function roleLine(config: Config): string {
  const secret =
    config.AUTH_SECRET === undefined
      ? "the identity secret kept in the database (the same for every node)"
      : "the identity secret from AUTH_SECRET (set it alike on every node)";
  const files =
    config.STORAGE_URL?.kind === "s3"
      ? `the bucket ${config.STORAGE_URL.bucket} (STORAGE_URL), which every node shares`
      : `PUBLISH_DIR ${config.PUBLISH_DIR} and DATA_DIR ${config.DATA_DIR}, which every node must share`;
  switch (config.SITE_ROLE) {
    case "all":
      return "SITE_ROLE=all: the whole site (database, collector, daily job, server)";
    case "web":
      return [
        "SITE_ROLE=web: pages, API and published files; no collector, daily job, history build or sandbox",
        `files from ${files} (the worker writes them)`,
        secret,
        config.SMTP_URL === undefined ? "no accounts: they need SMTP_URL" : "accounts, with mail to SMTP_URL",
        config.PLATFORM_FEED_URL === undefined
          ? "no live rooms: the sandbox runs in the worker (set PLATFORM_FEED_URL for the real feed)"
          : "live rooms from the platform's feed",
      ].join("; ");
    case "worker":
      return [
        "SITE_ROLE=worker: collector, daily job, bios, thumbnails, go-live alerts and mail; no public port",
        `files written to ${files}`,
        secret,
        config.SMTP_URL === undefined ? "no mail: it needs SMTP_URL" : "mail to SMTP_URL",
        config.METRICS_PORT === undefined
          ? "no listener at all (METRICS_PORT unset)"
          : `/metrics and /health on ${config.METRICS_HOST}:${config.METRICS_PORT}`,
      ].join("; ");
  }
}
