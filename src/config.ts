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

/** What a web node or the worker needs besides DATABASE_URL: said when it is missing. */
const FLEET_NEEDS =
  "every node of a fleet shares one PostgreSQL (a web node or the worker never starts the embedded one), " +
  "PUBLISH_DIR and DATA_DIR on storage every node sees, and AUTH_SECRET set alike on every node or unset on all " +
  "(then the database keeps one)";

export const configSchema = z
  .object({
    // `npm start` sets production unless asked (React reads process.env itself, when first imported,
    // so it cannot be set from here): the fast renderer, and a page's errors stay in the log.
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    // all: the whole site, as ever; web: pages, API and published files; worker: the collector, the
    // daily job and the rest of the pipeline, with no public port (src/start/site-role.ts).
    SITE_ROLE: z
      .string()
      .default("all")
      .transform((v) => v.trim())
      .pipe(
        z.enum(SITE_ROLES, {
          error:
            "expected all (the whole site), web (pages, API and published files) or worker (collector, daily job, bios, thumbnails, alerts, mail)",
        }),
      ),
    // Prometheus metrics (GET /metrics) on a listener of their own, never the site's port; off unset.
    METRICS_PORT: optionalText.pipe(
      z.coerce
        .number<string | undefined>({ error: "expected a port number" })
        .int("expected a whole number")
        .min(1, "expected a port from 1 to 65535, apart from PORT")
        .max(65535, "expected a port from 1 to 65535, apart from PORT")
        .optional(),
    ),
    // Loopback by default: the metrics tell about the site's load and are nobody else's business.
    METRICS_HOST: z.string().trim().min(1).default("127.0.0.1"),

    HOST: z.string().min(1).default("0.0.0.0"),
    // The address people reach the site at (behind a TLS proxy, say); an https one turns HSTS on.
    PUBLIC_URL: optionalUrl,
    PORT: port(3000),
    TRUSTED_PROXIES: commaList(ipOrCidr, ""),
    AGE_VERIFICATION_REGIONS: commaList(
      z.string().regex(/^[A-Z]{2}$/, "expected ISO country codes separated by commas, such as GB,FR"),
      "GB,FR,IT,DE",
    ),
    // Processes that serve the site (src/start/web-processes.ts): one a core by default, since one
    // Node process renders pages on one core only. 0 serves from the main process itself.
    WEB_PROCESSES: z
      .string()
      .optional()
      .transform((v) => v?.trim() ?? "")
      .pipe(z.string().regex(/^(auto|\d+)?$/, "expected a whole number of processes, or auto (one per core)"))
      .transform((v) =>
        v === "" || v === "auto" ? Math.min(availableParallelism(), MAX_WEB_PROCESSES) : Number(v),
      )
      .pipe(
        z
          .number()
          .max(MAX_WEB_PROCESSES, `expected at most ${MAX_WEB_PROCESSES} processes (or auto: one per core)`),
      ),
    API_RATE_LIMIT_PER_MINUTE: z.coerce
      .number({ error: "expected a number" })
      .int("expected a whole number")
      .min(0, "expected 0 (no limit) or more")
      .default(600),
    PAGE_RATE_LIMIT_PER_MINUTE: z.coerce
      .number({ error: "expected a number" })
      .int("expected a whole number")
      .min(0, "expected 0 (no limit) or more")
      .default(1200),

    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(
          /^postgres(ql)?:\/\//,
          "expected a PostgreSQL URL such as postgres://user:password@host:5432/db",
        )
        .optional(),
    ),
    DATA_DIR: z.string().min(1).default("./data"),
    PUBLISH_DIR: z.string().min(1).default("./data/public"),
    EMBEDDED_PG_PORT: port(0),

    PLATFORM_FEED_URL: optionalUrl,
    AFFILIATE_WM: optionalText,
    FEED_CLIENT_IP: z.string().min(1).default("request_ip"),
    FEED_MAX_REQUESTS_PER_SECOND: positiveNumber(1),
    FEED_TIMEOUT_MS: positiveInt(30_000),
    FEED_MAX_RETRIES: z.coerce.number().int().min(0).max(20).default(4),
    POLL_INTERVAL: positiveInt(60, 3600),
    SESSION_GRACE_POLLS: positiveInt(3, 60),
    COLLECT: booleanFlag(true),
    BIO_FETCHES_PER_MINUTE: z.coerce
      .number({ error: "expected a number" })
      .int("expected a whole number")
      .min(0, "expected 0 (no bio fetching) or more")
      .max(6000, "expected at most 6000 (100 requests a second)")
      .default(300),
    BIO_REFRESH_DAYS: positiveInt(7, 365),
    // Profile thumbnails from the image host (decision 0023): each performer at most once a day.
    THUMB_FETCHES_PER_MINUTE: z.coerce
      .number({ error: "expected a number" })
      .int("expected a whole number")
      .min(0, "expected 0 (no profile thumbnails) or more")
      .max(6000, "expected at most 6000 (100 requests a second)")
      .default(60),

    SANDBOX_PORT: port(0),
    SANDBOX_PERFORMERS: positiveInt(20_000, 1_000_000),
    SANDBOX_SEED: z.coerce.number().int("expected a whole number").default(1),
    HISTORY_DAYS: z.coerce.number().int().min(0).max(400).default(35),

    RANKING_EXCLUDED_USERNAME: optionalText.pipe(
      z
        .string()
        .regex(
          /^[a-z0-9_][a-z0-9_.-]{0,63}$/,
          "expected a platform username (lowercase letters, digits, _ . and -)",
        )
        .optional(),
    ),
    TAG_MIN_PERFORMERS: positiveInt(5, 100_000),

    PLATFORM_NAME: z.string().min(1).default("CamSandbox"),
    PLATFORM_SLUG: z
      .string()
      .regex(/^[a-z0-9-]+$/, "expected lowercase letters, digits and dashes")
      .default("camsandbox"),
    PLATFORM_ABBR: z
      .string()
      .regex(/^[a-z0-9]+$/, "expected lowercase letters and digits")
      .default("cs"),
    // Where live thumbnails are ({url}/ri/{username}.jpg); unset: the sandbox's own with the sandbox,
    // none with the real feed (its image host is not the feed's).
    PLATFORM_IMAGE_URL: optionalUrl,

    // The header's optional social links (SPEC §2); each is hidden while unset.
    SOCIAL_TWITTER_URL: optionalUrl,
    SOCIAL_NEWSLETTER_URL: optionalUrl,
    // The account menu is a beta (SPEC §2): on now that sign-in, settings and sign-out exist;
    // `false` hides it again.
    ACCOUNTS_BETA: booleanFlag(true),
    // The account menu's "Give feedback" mail link. Unset: feedback@{PUBLIC_URL's host, or localhost}.
    FEEDBACK_EMAIL: optionalText.pipe(
      z
        .string()
        .refine((v) => {
          const mailbox = parseMailbox(v);
          return mailbox !== null && mailbox.name === null;
        }, "expected one e-mail address such as feedback@example.com")
        .optional(),
    ),

    // Moderators (issue 30, decision 0041): the accounts that review suggestions and fan quotes.
    // The role comes from here and nothing else; an account needs a confirmed address in the list.
    MODERATOR_EMAILS: commaList(
      z
        .string()
        .refine((v) => {
          const mailbox = parseMailbox(v);
          return mailbox !== null && mailbox.name === null;
        }, "expected e-mail addresses separated by commas, such as ann@example.com,bob@example.com (no names, no angle brackets)")
        .transform((v) => v.toLowerCase()),
      "",
    ),

    // Where mail goes (src/mail/): a real SMTP server, or, unset, the embedded sink `npm start`
    // runs, whose messages /dev/mail shows.
    SMTP_URL: optionalText.pipe(
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
    // Unset: camstats <no-reply@{PUBLIC_URL's host, or localhost}> (src/mail/sender.ts).
    MAIL_FROM: optionalText.pipe(
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
    MAIL_SINK_PORT: port(0),
    // Signs verification links and session cookies and encrypts the token signing keys (decision
    // 0018). Unset: a random one made once and kept in DATA_DIR/auth-secret (src/identity/auth-secret.ts).
    AUTH_SECRET: optionalText.pipe(
      z.string().min(32, "expected at least 32 characters (for example: openssl rand -hex 32)").optional(),
    ),
    MAIL_PER_RECIPIENT_PER_HOUR: positiveInt(10, 1000),
    // Google sign-in (decision 0019): an OAuth client of Google's (both or neither). Unset, with the
    // sandbox as the data source, `npm start` runs a local OpenID provider standing in for Google.
    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_CLIENT_SECRET: optionalText,
    GOOGLE_ISSUER_URL: z
      .string()
      .default("https://accounts.google.com")
      .transform((v) => v.trim().replace(/\/+$/, ""))
      .refine(isIssuerUrl, ISSUER_URL_EXPECTED),
    GOOGLE_STAND_IN_PORT: port(0),
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
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({
        code: "custom",
        path: ["METRICS_PORT"],
        message: "expected a port other than PORT: the metrics are never served on the site's port",
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
