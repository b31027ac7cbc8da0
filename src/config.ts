import { isIP } from "node:net";
import { availableParallelism } from "node:os";
import { z } from "zod";

/**
 * The whole environment, validated once at boot. Every variable the process reads is here, so the
 * README's configuration table can be checked against one place. A wrong value stops the process
 * with the variable's name, what it expects and what it got (formatConfigError).
 */

/** More server processes than this would only add copies of the search index. */
export const MAX_WEB_PROCESSES = 64;

const port = (fallback: number) =>
  z.coerce
    .number({ error: "expected a port number" })
    .int("expected a whole number")
    .min(0, "expected 0 (any free port) to 65535")
    .max(65535, "expected 0 (any free port) to 65535")
    .default(fallback);

const positiveInt = (fallback: number, max = Number.MAX_SAFE_INTEGER) =>
  z.coerce
    .number({ error: "expected a number" })
    .int("expected a whole number")
    .min(1, "expected a whole number of at least 1")
    .max(max, `expected a whole number of at most ${max}`)
    .default(fallback);

const positiveNumber = (fallback: number) =>
  z.coerce.number({ error: "expected a number" }).positive("expected a number above 0").default(fallback);

/** Unset and empty are the same: "not configured". */
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));

const optionalUrl = optionalText.pipe(
  z.url({ error: "expected an absolute URL such as https://host/path" }).optional(),
);

/** Where the published files and images are kept (STORAGE_URL, decision 0045). */
export type StorageUrl =
  | { kind: "directory"; root: string }
  | { kind: "s3"; bucket: string; prefix: string; endpoint?: string; region: string };

const STORAGE_URL_EXPECTED =
  "expected file:///absolute/path or s3://bucket[/prefix]?region=…[&endpoint=https://host:port]";

/** STORAGE_URL as a store's place; a string saying what is wrong when it is not one. */
export function parseStorageUrl(text: string): StorageUrl | string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return STORAGE_URL_EXPECTED;
  }
  if (url.protocol === "file:") {
    if (url.host !== "" || url.search !== "")
      return `${STORAGE_URL_EXPECTED} (a file URL has no host or query)`;
    const root = decodeURIComponent(url.pathname).replace(/\/+$/, "");
    return root === "" ? `${STORAGE_URL_EXPECTED} (not the root directory)` : { kind: "directory", root };
  }
  if (url.protocol !== "s3:") return STORAGE_URL_EXPECTED;
  const bucket = url.hostname;
  // S3's rule for names (3 to 63 lowercase letters, digits, dots and hyphens).
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    return `${STORAGE_URL_EXPECTED} (the bucket name must be 3 to 63 lowercase letters, digits, dots or hyphens)`;
  }
  if (url.username || url.password) {
    return `${STORAGE_URL_EXPECTED} (the keys go in AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, not the URL)`;
  }
  const known = new Set(["region", "endpoint"]);
  const unknown = [...url.searchParams.keys()].filter((k) => !known.has(k));
  if (unknown.length > 0) return `${STORAGE_URL_EXPECTED} (unknown parameter ${unknown.join(", ")})`;
  const region = url.searchParams.get("region")?.trim();
  if (!region) return `${STORAGE_URL_EXPECTED} (region= is missing; us-east-1 where the server ignores it)`;
  const endpoint = url.searchParams.get("endpoint")?.trim() || undefined;
  if (endpoint !== undefined) {
    let parsed: URL | null = null;
    try {
      parsed = new URL(endpoint);
    } catch {}
    if (parsed === null || (parsed.protocol !== "https:" && parsed.protocol !== "http:")) {
      return `${STORAGE_URL_EXPECTED} (endpoint= must be an http or https address)`;
    }
  }
  const path = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, "");
  if (path.split("/").some((part) => part === "." || part === "..")) {
    return `${STORAGE_URL_EXPECTED} (the prefix has no . or .. parts)`;
  }
  return { kind: "s3", bucket, prefix: path === "" ? "" : `${path}/`, endpoint, region };
}

/** A partner site of the footer (SPEC §1). */
export interface PartnerSite {
  name: string;
  url: string;
}

/** `Name=https://address` as a partner site; null when it is not one. */
function partnerSiteOf(item: string): PartnerSite | null {
  const at = item.indexOf("=");
  if (at <= 0) return null;
  const name = item.slice(0, at).trim();
  const url = item.slice(at + 1).trim();
  if (name === "" || name.length > 60) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? { name, url: parsed.href } : null;
  } catch {
    return null;
  }
}

/** A comma-separated list, each item trimmed, empty items dropped. */
const commaList = (item: z.ZodType<string, string>, fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((v) =>
      v
        .split(",")
        .map((x) => x.trim())
        .filter((x) => x !== ""),
    )
    .pipe(z.array(item));

const ipOrCidr = z.string().refine((v) => {
  const [address, bits, ...rest] = v.split("/");
  const version = isIP(address ?? "");
  if (version === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
}, "expected IP addresses or CIDR ranges separated by commas, such as 10.0.0.1,192.168.0.0/16");

/** A mailbox as a mail header names it: an address, with or without a display name. */
export interface Mailbox {
  name: string | null;
  address: string;
}

// One address, no comments or quoting: enough for a sender we configure and the recipients we
// write to, and nothing that could break a header (no line breaks, commas or angle brackets).
// A single-label domain is allowed (no-reply@localhost), as a local mail setup uses one.
const ADDRESS =
  /^[^\s@<>()[\]\\,;:"]+@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/i;
const NAMED_ADDRESS = /^([^<>"\r\n]*?)\s*<([^<>]+)>$/;

/** `no-reply@example.com` or `camstats <no-reply@example.com>`; null when it is neither. */
export function parseMailbox(text: string): Mailbox | null {
  const trimmed = text.trim();
  if (trimmed.length > 320 || /\p{Cc}/u.test(trimmed)) return null;
  const named = NAMED_ADDRESS.exec(trimmed);
  const name = named ? (named[1] ?? "").trim() : "";
  const address = named ? (named[2] ?? "").trim() : trimmed;
  if (address.length > 254 || !ADDRESS.test(address)) return null;
  return { name: name === "" ? null : name, address };
}

const ISSUER_URL_EXPECTED =
  "expected an OpenID issuer's https URL without a query, such as https://accounts.google.com (http only for localhost or 127.0.0.1)";

/** An OpenID issuer: https, or http on this machine (a local provider); no query or fragment. */
function isIssuerUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.search !== "" || url.hash !== "" || url.username !== "" || url.password !== "") return false;
  if (url.protocol === "https:") return url.hostname !== "";
  return url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}

const booleanFlag = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0", "yes", "no"], { error: "expected true or false" })
    .default(fallback ? "true" : "false")
    .transform((v) => v === "true" || v === "1" || v === "yes");

/** What one process of the site runs (decision 0037): the whole site, the pages and API, or the pipeline. */
export const SITE_ROLES = ["all", "web", "worker"] as const;
export type SiteRole = (typeof SITE_ROLES)[number];

/**
 * What the operator's guide says of a variable: docs/operations.md's table is generated from these
 * (`npm run config-docs`, src/config-docs.ts), so the schema is the one place a variable is
 * described. The default comes from the schema itself; `computedDefault` only words one that is
 * worked out at start (the schema has none to show).
 */
export interface VariableDoc {
  meaning: string;
  /** The roles whose processes read it (SITE_ROLE). */
  roles: readonly SiteRole[];
  computedDefault?: string;
}

export const variableDocs = z.registry<VariableDoc>();

/** The variable's schema, with its doc. A copy: one schema (optionalUrl) serves several variables. */
function documented<T extends z.ZodType>(schema: T, doc: VariableDoc): T {
  const own = schema.clone();
  variableDocs.add(own, doc);
  return own;
}

const EVERY_ROLE: readonly SiteRole[] = ["all", "web", "worker"];
/** Read where the site is served. */
const SERVING: readonly SiteRole[] = ["all", "web"];
/** Read where the pipeline runs. */
const PIPELINE: readonly SiteRole[] = ["all", "worker"];
/** The whole site's alone: the embedded PostgreSQL and the development tools. */
const WHOLE_SITE: readonly SiteRole[] = ["all"];

/** What a web node or the worker needs besides DATABASE_URL: said when it is missing. */
const FLEET_NEEDS =
  "every node of a fleet shares one PostgreSQL (a web node or the worker never starts the embedded one), " +
  "one store for files (an s3:// STORAGE_URL, or PUBLISH_DIR and DATA_DIR on storage every node sees), " +
  "and AUTH_SECRET set alike on every node or unset on all " +
  "(then the database keeps one)";

export const configSchema = z
  .object({
    // `npm start` sets production unless asked (React reads process.env itself, when first imported,
    // so it cannot be set from here): the fast renderer, and a page's errors stay in the log.
    NODE_ENV: documented(z.enum(["development", "production", "test"]).default("production"), {
      meaning:
        "`development`, `production` or `test`. In production React renders its fast build and a page's error stays in the log; in development the error shows in the browser",
      roles: EVERY_ROLE,
    }),
    LOG_LEVEL: documented(
      z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
      {
        meaning: "`fatal` … `trace`, or `silent`; the log is JSON lines on standard output",
        roles: EVERY_ROLE,
      },
    ),
    // all: the whole site, as ever; web: pages, API and published files; worker: the collector, the
    // daily job and the rest of the pipeline, with no public port (src/start/site-role.ts).
    SITE_ROLE: documented(
      z
        .string()
        .default("all")
        .transform((v) => v.trim())
        .pipe(
          z.enum(SITE_ROLES, {
            error:
              "expected all (the whole site), web (pages, API and published files) or worker (collector, daily job, bios, thumbnails, alerts, mail)",
          }),
        ),
      {
        meaning:
          "`all`: the whole site; `web`: pages, API and published files; `worker`: collector, daily job, bios, thumbnails, go-live alerts and mail, no public port. `web` and `worker` need `DATABASE_URL`",
        roles: EVERY_ROLE,
      },
    ),
    // Prometheus metrics (GET /metrics) on a listener of their own, never the site's port; off unset.
    METRICS_PORT: documented(
      optionalText.pipe(
        z.coerce
          .number<string | undefined>({ error: "expected a port number" })
          .int("expected a whole number")
          .min(1, "expected a port from 1 to 65535, apart from PORT")
          .max(65535, "expected a port from 1 to 65535, apart from PORT")
          .optional(),
      ),
      {
        meaning:
          "the Prometheus listener's port (`GET /metrics`, `GET /health`), never the site's; unset: no metrics",
        roles: EVERY_ROLE,
      },
    ),
    // Loopback by default: the metrics tell about the site's load and are nobody else's business.
    METRICS_HOST: documented(z.string().trim().min(1).default("127.0.0.1"), {
      meaning: "the address the metrics listener listens on; `0.0.0.0` for a Prometheus on another machine",
      roles: EVERY_ROLE,
    }),

    HOST: documented(z.string().min(1).default("0.0.0.0"), {
      meaning: "the address the site listens on",
      roles: SERVING,
    }),
    // The address people reach the site at (behind a TLS proxy, say); an https one turns HSTS on.
    PUBLIC_URL: documented(optionalUrl, {
      meaning:
        "the address people reach the site at (behind a TLS proxy, say), used in mailed links; an `https://` one turns on HSTS (a year, subdomains included); unset: `http://localhost:{PORT}`",
      roles: EVERY_ROLE,
    }),
    PORT: documented(port(3000), {
      meaning:
        "the site's HTTP port; a worker opens none, but its mailed links use it while `PUBLIC_URL` is unset",
      roles: EVERY_ROLE,
    }),
    TRUSTED_PROXIES: documented(commaList(ipOrCidr, ""), {
      meaning:
        "proxies (IPs or CIDR ranges, comma-separated) whose `X-Forwarded-For` gives the client address, exempt from the per-address connection cap (decision 0032); none: the socket's address",
      roles: SERVING,
    }),
    AGE_VERIFICATION_REGIONS: documented(
      commaList(
        z.string().regex(/^[A-Z]{2}$/, "expected ISO country codes separated by commas, such as GB,FR"),
        "GB,FR,IT,DE",
      ),
      {
        meaning:
          "countries (ISO codes) where age verification applies (`/api/geoip`): live previews are hidden there. A legal choice: set it for your jurisdictions",
        roles: SERVING,
      },
    ),
    // Processes that serve the site (src/start/web-processes.ts): one a core by default, since one
    // Node process renders pages on one core only. 0 serves from the main process itself.
    WEB_PROCESSES: documented(
      z
        .string()
        .optional()
        .transform((v) => v?.trim() ?? "")
        .pipe(
          z.string().regex(/^(auto|\d+)?$/, "expected a whole number of processes, or auto (one per core)"),
        )
        .transform((v) =>
          v === "" || v === "auto" ? Math.min(availableParallelism(), MAX_WEB_PROCESSES) : Number(v),
        )
        .pipe(
          z
            .number()
            .max(
              MAX_WEB_PROCESSES,
              `expected at most ${MAX_WEB_PROCESSES} processes (or auto: one per core)`,
            ),
        ),
      {
        meaning: `processes that serve the site: \`auto\` is one a core (at most ${MAX_WEB_PROCESSES}), \`0\` serves from the main process; each holds its own search index`,
        roles: SERVING,
        computedDefault: "`auto`",
      },
    ),
    // Graceful stops (issue 32, point 7): /api/health answers 503 this long before the port closes.
    DRAIN_SECONDS: documented(
      z.coerce
        .number({ error: "expected a number of seconds" })
        .int("expected a whole number of seconds")
        .min(0, "expected 0 (close at once) to 120 seconds")
        .max(120, "expected 0 (close at once) to 120 seconds")
        .default(0),
      {
        meaning:
          "on SIGTERM, how long `/api/health` answers 503 `draining` while requests are still served, before the port closes and the requests in flight finish: behind a load balancer, more than its health checks' interval times their unhealthy threshold",
        roles: SERVING,
      },
    ),
    API_RATE_LIMIT_PER_MINUTE: documented(
      z.coerce
        .number({ error: "expected a number" })
        .int("expected a whole number")
        .min(0, "expected 0 (no limit) or more")
        .default(600),
      {
        meaning:
          "requests a minute from one client address to `/api`, `/v1` and `/stats` before a 429, counted across one node's server processes (each web node counts apart); `0` turns the limit off",
        roles: SERVING,
      },
    ),
    PAGE_RATE_LIMIT_PER_MINUTE: documented(
      z.coerce
        .number({ error: "expected a number" })
        .int("expected a whole number")
        .min(0, "expected 0 (no limit) or more")
        .default(1200),
      {
        meaning:
          "the same for every other path (pages, sitemaps, `robots.txt`, images; the build's hashed `/assets/` are free), in a window of its own; `0` turns it off",
        roles: SERVING,
      },
    ),

    DATABASE_URL: documented(
      optionalText.pipe(
        z
          .string()
          .regex(
            /^postgres(ql)?:\/\//,
            "expected a PostgreSQL URL such as postgres://user:password@host:5432/db",
          )
          .optional(),
      ),
      {
        meaning:
          "a PostgreSQL URL (`postgres://user:password@host:5432/db`); unset starts the embedded PostgreSQL (the whole site only)",
        roles: EVERY_ROLE,
      },
    ),
    DATA_DIR: documented(z.string().min(1).default("./data"), {
      meaning:
        "the embedded PostgreSQL's data (`{DATA_DIR}/pg`), the lists' and profiles' images (`{DATA_DIR}/images/`) and the profile thumbnails (`{DATA_DIR}/thumbs`) unless `STORAGE_URL` names another store, the auth secret's file and the local mail sink's messages",
      roles: EVERY_ROLE,
    }),
    PUBLISH_DIR: documented(z.string().min(1).default("./data/public"), {
      meaning:
        "where the published JSON files are written (by the daily job and the collector) and served from (`/stats/…`, `/api/….json`), unless `STORAGE_URL` names a bucket (then its `public/`)",
      roles: EVERY_ROLE,
    }),
    // One store for the published files and the images (decision 0045): a directory, or a bucket
    // that every node of a fleet shares.
    STORAGE_URL: documented(
      optionalText.transform((v, ctx) => {
        if (v === undefined) return undefined;
        const parsed = parseStorageUrl(v);
        if (typeof parsed === "string") {
          ctx.addIssue({ code: "custom", message: parsed });
          return z.NEVER;
        }
        return parsed;
      }),
      {
        meaning:
          "where the published files and the images are kept: `file:///path` (a directory), or `s3://bucket[/prefix]?region=…[&endpoint=https://host:port]` (an S3-compatible bucket, keys in `AWS_ACCESS_KEY_ID` and `AWS_SECRET_ACCESS_KEY`; an endpoint means path-style addresses, as MinIO wants). A directory keeps the published files in `PUBLISH_DIR`",
        roles: EVERY_ROLE,
        computedDefault: "`file://{DATA_DIR}`",
      },
    ),
    // A CDN in front of the published files (decision 0050): the file routes then answer 302 to it.
    PUBLISHED_BASE_URL: documented(
      optionalUrl
        .refine(
          (v) => v === undefined || /^https?:$/.test(new URL(v).protocol),
          "expected an http:// or https:// address such as https://cdn.example/public",
        )
        .refine((v) => {
          if (v === undefined) return true;
          const url = new URL(v);
          return url.search === "" && url.hash === "";
        }, "expected an address without ?query or #fragment: the file's path is added at its end")
        .transform((v) => v?.replace(/\/+$/, "")),
      {
        meaning:
          "where a CDN (or the bucket's public address, its `public/` prefix included) serves the published files: when set, a request for `/stats/…`, `/api/….json`, `/data/…` or `/images/reports/…` answers 302 to `{PUBLISHED_BASE_URL}/{path}`; unset: the site serves them from the store",
        roles: SERVING,
      },
    ),
    AWS_ACCESS_KEY_ID: documented(optionalText, {
      meaning: "the access key of an `s3://` `STORAGE_URL`; needed with one, unused without",
      roles: EVERY_ROLE,
    }),
    AWS_SECRET_ACCESS_KEY: documented(optionalText, {
      meaning: "the secret key of an `s3://` `STORAGE_URL`; needed with one, unused without",
      roles: EVERY_ROLE,
    }),
    EMBEDDED_PG_PORT: documented(port(0), {
      meaning:
        "the embedded PostgreSQL's port on 127.0.0.1 (only without `DATABASE_URL`); `0` picks a free one",
      roles: WHOLE_SITE,
    }),

    PLATFORM_FEED_URL: documented(optionalUrl, {
      meaning:
        "the real platform's feed base URL (the collector and the live rooms' proxy read `{url}/api/public/affiliates/onlinerooms/`); unset reads the sandbox platform",
      roles: EVERY_ROLE,
    }),
    AFFILIATE_WM: documented(optionalText, {
      meaning:
        "the affiliate campaign slug (the feed's `wm`, and `campaign=` in room links); required with `PLATFORM_FEED_URL`",
      roles: EVERY_ROLE,
    }),
    FEED_CLIENT_IP: documented(z.string().min(1).default("request_ip"), {
      meaning:
        "the feed's `client_ip` parameter (the collector's and the online-rooms proxy's): rooms that block that address's region are left out",
      roles: EVERY_ROLE,
    }),
    FEED_MAX_REQUESTS_PER_SECOND: documented(positiveNumber(1), {
      meaning:
        "request rate limit towards the feed, for the collector and the online-rooms proxy each (a node's server processes share the proxy's)",
      roles: EVERY_ROLE,
    }),
    FEED_TIMEOUT_MS: documented(positiveInt(30_000), {
      meaning: "one feed or profile request's timeout, in milliseconds",
      roles: PIPELINE,
    }),
    FEED_MAX_RETRIES: documented(z.coerce.number().int().min(0).max(20).default(4), {
      meaning: "retries of a failed feed page (429, 5xx, timeout, bad JSON), with backoff",
      roles: PIPELINE,
    }),
    POLL_INTERVAL: documented(positiveInt(60, 3600), {
      meaning: "seconds between polls (polls sit on whole multiples of it)",
      roles: PIPELINE,
    }),
    SESSION_GRACE_POLLS: documented(positiveInt(3, 60), {
      meaning:
        "complete polls a room may be missing before its session ends (when the feed gives no `seconds_online`)",
      roles: PIPELINE,
    }),
    COLLECT: documented(booleanFlag(true), {
      meaning: "`false` runs without polling, fetching bios or thumbnails (the daily job still runs)",
      roles: PIPELINE,
    }),
    BIO_FETCHES_PER_MINUTE: documented(
      z.coerce
        .number({ error: "expected a number" })
        .int("expected a whole number")
        .min(0, "expected 0 (no bio fetching) or more")
        .max(6000, "expected at most 6000 (100 requests a second)")
        .default(300),
      {
        meaning:
          "profile requests a minute for performers' about-me texts, spread evenly; `0` turns the bio fetcher off",
        roles: PIPELINE,
      },
    ),
    BIO_REFRESH_DAYS: documented(positiveInt(7, 365), {
      meaning: "days before a performer's about-me text is fetched again",
      roles: PIPELINE,
    }),
    // Profile thumbnails from the image host (decision 0023): each performer at most once a day.
    THUMB_FETCHES_PER_MINUTE: documented(
      z.coerce
        .number({ error: "expected a number" })
        .int("expected a whole number")
        .min(0, "expected 0 (no profile thumbnails) or more")
        .max(6000, "expected at most 6000 (100 requests a second)")
        .default(60),
      {
        meaning:
          "image requests a minute for performers' profile thumbnails (each performer at most once a day), spread evenly; `0` turns the thumbnail keeper off",
        roles: PIPELINE,
      },
    ),

    SANDBOX_PORT: documented(port(0), {
      meaning:
        "the sandbox platform's port on 127.0.0.1 (only without `PLATFORM_FEED_URL`); `0` picks a free one",
      roles: PIPELINE,
    }),
    SANDBOX_PERFORMERS: documented(positiveInt(20_000, 1_000_000), {
      meaning: "size of the simulated population (up to 1,000,000)",
      roles: PIPELINE,
    }),
    SANDBOX_SEED: documented(z.coerce.number().int("expected a whole number").default(1), {
      meaning: "seed of the simulated population",
      roles: PIPELINE,
    }),
    HISTORY_DAYS: documented(z.coerce.number().int().min(0).max(400).default(35), {
      meaning: "days of sandbox history built on a first start (`0`: none); never with the real feed",
      roles: PIPELINE,
    }),

    RANKING_EXCLUDED_USERNAME: documented(
      optionalText.pipe(
        z
          .string()
          .regex(
            /^[a-z0-9_][a-z0-9_.-]{0,63}$/,
            "expected a platform username (lowercase letters, digits, _ . and -)",
          )
          .optional(),
      ),
      { meaning: "one username left out of every ranking (SPEC §3)", roles: PIPELINE },
    ),
    TAG_MIN_PERFORMERS: documented(positiveInt(5, 100_000), {
      meaning:
        "a tag gets its ranking files on a day when at least this many performers (of the gender) used it",
      roles: PIPELINE,
    }),

    PLATFORM_NAME: documented(z.string().min(1).default("CamSandbox"), {
      meaning: "the platform's display name",
      roles: SERVING,
    }),
    PLATFORM_SLUG: documented(
      z
        .string()
        .regex(/^[a-z0-9-]+$/, "expected lowercase letters, digits and dashes")
        .default("camsandbox"),
      { meaning: "the platform's route slug (`/{slug}_wrapped/…`, `/{slug}-tokens`)", roles: SERVING },
    ),
    PLATFORM_ABBR: documented(
      z
        .string()
        .regex(/^[a-z0-9]+$/, "expected lowercase letters and digits")
        .default("cs"),
      { meaning: "the platform's abbreviation in published file names", roles: EVERY_ROLE },
    ),
    // Where live thumbnails are ({url}/ri/{username}.jpg); unset: the sandbox's own with the sandbox,
    // none with the real feed (its image host is not the feed's).
    PLATFORM_IMAGE_URL: documented(optionalUrl, {
      meaning:
        "the platform's image host: live thumbnails are `{url}/ri/{username}.jpg`, and the thumbnail keeper and profile images read it; unset uses the sandbox's own, or none with the real feed",
      roles: EVERY_ROLE,
    }),

    // The header's optional social links (SPEC §2); each is hidden while unset.
    SOCIAL_TWITTER_URL: documented(optionalUrl, {
      meaning: "the header's X (Twitter) link; unset hides it",
      roles: SERVING,
    }),
    SOCIAL_NEWSLETTER_URL: documented(optionalUrl, {
      meaning: "the header's newsletter link; unset hides it",
      roles: SERVING,
    }),
    // SPEC §1: partner sites for other platforms are linked (the footer); none unless configured.
    PARTNER_SITES: documented(
      commaList(
        z
          .string()
          .refine(
            (v) => partnerSiteOf(v) !== null,
            "expected partner sites as Name=https://address, separated by commas, such as Other Stats=https://other.example",
          ),
        "",
      ).transform((items) => items.map((item) => partnerSiteOf(item) as PartnerSite)),
      {
        meaning:
          "partner sites for other platforms, linked in the footer (SPEC §1): `Name=https://address`, comma-separated; none by default",
        roles: SERVING,
      },
    ),
    // SPEC §6: page views and events go to an analytics service, here only when one is configured
    // (issue 30, decision 0043): a Plausible-compatible event endpoint, no cookies, no personal data.
    ANALYTICS_URL: documented(
      optionalText.pipe(
        z
          .url({ error: "expected the analytics service's address, such as https://plausible.example" })
          .refine((v) => /^https?:$/.test(new URL(v).protocol), "expected an http(s) address")
          .optional(),
      ),
      {
        meaning:
          "a Plausible-compatible analytics service (events are posted to `{url}/api/event`); unset sends nothing. Needs `ANALYTICS_SITE_ID`",
        roles: SERVING,
      },
    ),
    ANALYTICS_SITE_ID: documented(
      optionalText.pipe(
        z
          .string()
          .regex(
            /^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/,
            "expected the site's name at the analytics service, such as stats.example.com",
          )
          .optional(),
      ),
      {
        meaning: "the site's name at the analytics service (Plausible's `domain`); needs `ANALYTICS_URL`",
        roles: SERVING,
      },
    ),
    // The account menu is a beta (SPEC §2): on now that sign-in, settings and sign-out exist;
    // `false` hides it again.
    ACCOUNTS_BETA: documented(booleanFlag(true), {
      meaning:
        "shows the header's account menu (Sign In; signed in: Settings, My Lists, Give feedback, Logout); `false` hides it",
      roles: SERVING,
    }),
    // The account menu's "Give feedback" mail link. Unset: feedback@{PUBLIC_URL's host, or localhost}.
    FEEDBACK_EMAIL: documented(
      optionalText.pipe(
        z
          .string()
          .refine((v) => {
            const mailbox = parseMailbox(v);
            return mailbox !== null && mailbox.name === null;
          }, "expected one e-mail address such as feedback@example.com")
          .optional(),
      ),
      {
        meaning: 'the account menu\'s "Give feedback" address',
        roles: SERVING,
        computedDefault: "feedback@ `PUBLIC_URL`'s host, or `localhost`",
      },
    ),

    // Moderators (issue 30, decision 0041): the accounts that review suggestions and fan quotes.
    // The role comes from here and nothing else; an account needs a confirmed address in the list.
    MODERATOR_EMAILS: documented(
      commaList(
        z
          .string()
          .refine((v) => {
            const mailbox = parseMailbox(v);
            return mailbox !== null && mailbox.name === null;
          }, "expected e-mail addresses separated by commas, such as ann@example.com,bob@example.com (no names, no angle brackets)")
          .transform((v) => v.toLowerCase()),
        "",
      ),
      {
        meaning:
          "the moderators' accounts (comma-separated e-mail addresses, each confirmed on its account): they review tag and summary suggestions and fan quotes at `/moderation` (decision 0041); none: nothing is approved",
        roles: SERVING,
      },
    ),

    // Where mail goes (src/mail/): a real SMTP server, or, unset, the embedded sink `npm start`
    // runs, whose messages /dev/mail shows.
    SMTP_URL: documented(
      optionalText.pipe(
        z
          .string()
          .refine((v) => {
            try {
              const url = new URL(v);
              return (url.protocol === "smtp:" || url.protocol === "smtps:") && url.hostname !== "";
            } catch {
              return false;
            }
          }, "expected an SMTP server URL such as smtp://user:password@mail.example.com:587 or smtps://user:password@mail.example.com:465 (password URL-encoded)")
          .optional(),
      ),
      {
        meaning:
          "the SMTP server mail goes through (`smtp://user:password@host:587`, `smtps://…:465`, the password URL-encoded); required with `PLATFORM_FEED_URL`; unset: the local sink while the development tools are on (decision 0034), else no mail and no accounts",
        roles: EVERY_ROLE,
      },
    ),
    // Unset: camstats <no-reply@{PUBLIC_URL's host, or localhost}> (src/mail/sender.ts).
    MAIL_FROM: documented(
      optionalText.pipe(
        z
          .string()
          .transform((v, ctx) => {
            const mailbox = parseMailbox(v);
            if (mailbox) return mailbox;
            ctx.addIssue({
              code: "custom",
              message:
                "expected a sender address such as no-reply@example.com or camstats <no-reply@example.com>",
            });
            return z.NEVER;
          })
          .optional(),
      ),
      {
        meaning: "the sender of the site's mail (`no-reply@example.com` or `Name <no-reply@example.com>`)",
        roles: EVERY_ROLE,
        computedDefault: "`camstats <no-reply@{host}>`, the host being `PUBLIC_URL`'s, or `localhost`",
      },
    ),
    MAIL_SINK_PORT: documented(port(0), {
      meaning:
        "the local mail sink's SMTP port on 127.0.0.1 (only without `SMTP_URL`, development tools on); `0` picks a free one",
      roles: WHOLE_SITE,
    }),
    // Signs verification links and session cookies and encrypts the token signing keys (decision
    // 0018). Unset: a random one made once and kept in DATA_DIR/auth-secret (src/identity/auth-secret.ts).
    AUTH_SECRET: documented(
      optionalText.pipe(
        z.string().min(32, "expected at least 32 characters (for example: openssl rand -hex 32)").optional(),
      ),
      {
        meaning:
          "at least 32 characters: signs confirmation and unsubscribe links and encrypts the token signing keys; the same on every node of a fleet",
        roles: EVERY_ROLE,
        computedDefault:
          "made once, kept in `{DATA_DIR}/auth-secret` (`all`) or the database (`web`, `worker`)",
      },
    ),
    MAIL_PER_RECIPIENT_PER_HOUR: documented(positiveInt(10, 1000), {
      meaning: "mails one address may be sent in any hour; the next is refused and not sent",
      roles: EVERY_ROLE,
    }),
    // Google sign-in (decision 0019): an OAuth client of Google's (both or neither). Unset, with the
    // sandbox as the data source, `npm start` runs a local OpenID provider standing in for Google.
    GOOGLE_CLIENT_ID: documented(optionalText, {
      meaning:
        'the id of an OAuth client of Google\'s for "Sign in with Google" (with `GOOGLE_CLIENT_SECRET`); unset with the development tools on: a local stand-in for Google; otherwise no Google sign-in',
      roles: SERVING,
    }),
    GOOGLE_CLIENT_SECRET: documented(optionalText, {
      meaning: "that OAuth client's secret (both or neither)",
      roles: SERVING,
    }),
    GOOGLE_ISSUER_URL: documented(
      z
        .string()
        .default("https://accounts.google.com")
        .transform((v) => v.trim().replace(/\/+$/, ""))
        .refine(isIssuerUrl, ISSUER_URL_EXPECTED),
      {
        meaning:
          "the OpenID issuer the Google client belongs to (discovery at `{url}/.well-known/openid-configuration`); https, or http on localhost",
        roles: SERVING,
      },
    ),
    GOOGLE_STAND_IN_PORT: documented(port(0), {
      meaning:
        "the sandbox's stand-in for Google's port on 127.0.0.1 (only without a Google client, development tools on); `0` picks a free one",
      roles: WHOLE_SITE,
    }),
  })
  .superRefine((env, ctx) => {
    // A fleet's nodes meet in one database; an embedded one would be this node's alone.
    if (env.SITE_ROLE !== "all" && env.DATABASE_URL === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["DATABASE_URL"],
        message: `expected the fleet's PostgreSQL URL whenever SITE_ROLE is ${env.SITE_ROLE}: ${FLEET_NEEDS}`,
      });
    }
    if (env.STORAGE_URL?.kind === "s3") {
      for (const key of ["AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"] as const) {
        if (env[key] === undefined) {
          ctx.addIssue({
            code: "custom",
            path: [key],
            message: "expected the bucket's key whenever STORAGE_URL is an s3:// URL",
          });
        }
      }
    }
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({
        code: "custom",
        path: ["METRICS_PORT"],
        message: "expected a port other than PORT: the metrics are never served on the site's port",
      });
    }
    if ((env.ANALYTICS_URL === undefined) !== (env.ANALYTICS_SITE_ID === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: [env.ANALYTICS_URL === undefined ? "ANALYTICS_URL" : "ANALYTICS_SITE_ID"],
        message:
          "expected ANALYTICS_URL and ANALYTICS_SITE_ID together (both set sends analytics, neither sends none)",
      });
    }
    // Reading the real platform needs both: the feed refuses requests without a campaign.
    if (env.PLATFORM_FEED_URL && !env.AFFILIATE_WM) {
      ctx.addIssue({
        code: "custom",
        path: ["AFFILIATE_WM"],
        message: "expected the affiliate campaign slug whenever PLATFORM_FEED_URL is set",
      });
    }
    if (env.AFFILIATE_WM && !env.PLATFORM_FEED_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["PLATFORM_FEED_URL"],
        message: "expected the feed base URL whenever AFFILIATE_WM is set",
      });
    }
    // A client is its id and its secret together: one alone cannot sign anyone in.
    if (env.GOOGLE_CLIENT_ID && !env.GOOGLE_CLIENT_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["GOOGLE_CLIENT_SECRET"],
        message: "expected the OAuth client's secret whenever GOOGLE_CLIENT_ID is set",
      });
    }
    if (env.GOOGLE_CLIENT_SECRET && !env.GOOGLE_CLIENT_ID) {
      ctx.addIssue({
        code: "custom",
        path: ["GOOGLE_CLIENT_ID"],
        message: "expected the OAuth client's id whenever GOOGLE_CLIENT_SECRET is set",
      });
    }
  });

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

function describeValue(value: unknown): string {
  if (value === undefined) return "nothing (not set)";
  return JSON.stringify(value);
}

/** One line per bad variable: NAME: what it expects; got what it got. */
export function formatConfigError(error: z.ZodError, env: Record<string, string | undefined>): string {
  const lines = error.issues.map((issue) => {
    const name = String(issue.path[0] ?? "environment");
    return `  ${name}: ${issue.message}; got ${describeValue(env[name])}`;
  });
  return `Invalid configuration. Fix these environment variables:\n${lines.join("\n")}`;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const known = Object.fromEntries(
    Object.keys(configSchema.shape)
      .filter((key) => env[key] !== undefined)
      .map((key) => [key, env[key]]),
  );
  const parsed = configSchema.safeParse(known);
  if (!parsed.success) throw new ConfigError(formatConfigError(parsed.error, env));
  return parsed.data;
}

/** Whether the collector reads the sandbox platform started in-process (no real feed configured). */
export function usesSandbox(config: Config): boolean {
  return config.PLATFORM_FEED_URL === undefined;
}
