import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, parseMailbox, usesSandbox } from "./config.ts";

function errorOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("expected a ConfigError");
}

describe("loadConfig", () => {
  it("has a working default for everything", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: "./data",
      POLL_INTERVAL: 60,
      SANDBOX_PERFORMERS: 20_000,
      HISTORY_DAYS: 35,
      COLLECT: true,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(usesSandbox(config)).toBe(true);
  });

  it("names each bad variable with what it expects and what it got", () => {
    const message = errorOf({ PORT: "70000", SANDBOX_PERFORMERS: "2000000", COLLECT: "maybe" });
    expect(message).toContain("Invalid configuration. Fix these environment variables:");
    expect(message).toContain('PORT: expected 0 (any free port) to 65535; got "70000"');
    expect(message).toContain(
      'SANDBOX_PERFORMERS: expected a whole number of at most 1000000; got "2000000"',
    );
    expect(message).toContain('COLLECT: expected true or false; got "maybe"');
  });

  it("wants the real feed's URL and campaign together", () => {
    expect(errorOf({ AFFILIATE_WM: "abc" })).toContain(
      "PLATFORM_FEED_URL: expected the feed base URL whenever AFFILIATE_WM is set; got nothing (not set)",
    );
    expect(errorOf({ PLATFORM_FEED_URL: "https://feed.example" })).toContain(
      "AFFILIATE_WM: expected the affiliate campaign slug whenever PLATFORM_FEED_URL is set",
    );
    const real = loadConfig({ PLATFORM_FEED_URL: "https://feed.example", AFFILIATE_WM: "abc" });
    expect(usesSandbox(real)).toBe(false);
  });

  it("wants the analytics address and site name together, and sends nothing by default", () => {
    const none = loadConfig({});
    expect([none.ANALYTICS_URL, none.ANALYTICS_SITE_ID]).toEqual([undefined, undefined]);
    expect(errorOf({ ANALYTICS_URL: "https://plausible.example" })).toContain(
      "ANALYTICS_SITE_ID: expected ANALYTICS_URL and ANALYTICS_SITE_ID together",
    );
    expect(errorOf({ ANALYTICS_SITE_ID: "stats.example" })).toContain(
      "ANALYTICS_URL: expected ANALYTICS_URL and ANALYTICS_SITE_ID together",
    );
    expect(errorOf({ ANALYTICS_URL: "ftp://plausible.example", ANALYTICS_SITE_ID: "s" })).toContain(
      "ANALYTICS_URL: expected an http(s) address",
    );
    expect(errorOf({ ANALYTICS_URL: "https://p.example", ANALYTICS_SITE_ID: "a b" })).toContain(
      "ANALYTICS_SITE_ID: expected the site's name at the analytics service",
    );
    const on = loadConfig({ ANALYTICS_URL: "https://p.example/", ANALYTICS_SITE_ID: "stats.example" });
    expect([on.ANALYTICS_URL, on.ANALYTICS_SITE_ID]).toEqual(["https://p.example/", "stats.example"]);
  });

  it("reads the partner sites as Name=address pairs, none by default", () => {
    expect(loadConfig({}).PARTNER_SITES).toEqual([]);
    expect(
      loadConfig({ PARTNER_SITES: " A Stats = https://a.example , B=http://b.example/x " }).PARTNER_SITES,
    ).toEqual([
      { name: "A Stats", url: "https://a.example/" },
      { name: "B", url: "http://b.example/x" },
    ]);
    for (const bad of [
      "https://a.example",
      "A=",
      "=https://a.example",
      "A=javascript:alert(1)",
      "A=not a url",
    ]) {
      expect(errorOf({ PARTNER_SITES: bad }), bad).toContain(
        "PARTNER_SITES: expected partner sites as Name=https://address",
      );
    }
  });

  it("rejects a database URL that is not a URL and treats empty as unset", () => {
    expect(errorOf({ DATABASE_URL: "localhost" })).toContain("DATABASE_URL: expected a PostgreSQL URL");
    expect(loadConfig({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
  });

  it("reads the ranking, API and geo settings, and says what is wrong with them", () => {
    const defaults = loadConfig({});
    expect(defaults.RANKING_EXCLUDED_USERNAME).toBeUndefined();
    expect(defaults).toMatchObject({
      TAG_MIN_PERFORMERS: 5,
      API_RATE_LIMIT_PER_MINUTE: 600,
      PAGE_RATE_LIMIT_PER_MINUTE: 1200,
      TRUSTED_PROXIES: [],
      AGE_VERIFICATION_REGIONS: ["GB", "FR", "IT", "DE"],
    });
    expect(
      loadConfig({ TRUSTED_PROXIES: " 10.0.0.1, 192.168.0.0/16,::1 ", AGE_VERIFICATION_REGIONS: "GB,,US" }),
    ).toMatchObject({
      TRUSTED_PROXIES: ["10.0.0.1", "192.168.0.0/16", "::1"],
      AGE_VERIFICATION_REGIONS: ["GB", "US"],
    });
    expect(errorOf({ TRUSTED_PROXIES: "10.0.0.1,proxy.local" })).toContain(
      'TRUSTED_PROXIES: expected IP addresses or CIDR ranges separated by commas, such as 10.0.0.1,192.168.0.0/16; got "10.0.0.1,proxy.local"',
    );
    expect(errorOf({ PAGE_RATE_LIMIT_PER_MINUTE: "-1" })).toContain(
      "PAGE_RATE_LIMIT_PER_MINUTE: expected 0 (no limit) or more",
    );
    expect(errorOf({ TRUSTED_PROXIES: "10.0.0.0/33" })).toContain("TRUSTED_PROXIES: expected IP addresses");
    expect(errorOf({ AGE_VERIFICATION_REGIONS: "gb" })).toContain(
      'AGE_VERIFICATION_REGIONS: expected ISO country codes separated by commas, such as GB,FR; got "gb"',
    );
    expect(errorOf({ RANKING_EXCLUDED_USERNAME: "Bad Name" })).toContain(
      "RANKING_EXCLUDED_USERNAME: expected a platform username",
    );
    expect(errorOf({ TAG_MIN_PERFORMERS: "0" })).toContain(
      "TAG_MIN_PERFORMERS: expected a whole number of at least 1",
    );
  });

  it("reads the header's social links and the accounts beta flag", () => {
    // On by default since the account pages exist (sign-in, /settings, /logout); false hides the menu.
    expect(loadConfig({})).toMatchObject({ ACCOUNTS_BETA: true });
    expect(loadConfig({ ACCOUNTS_BETA: "false" })).toMatchObject({ ACCOUNTS_BETA: false });
    expect(loadConfig({}).SOCIAL_TWITTER_URL).toBeUndefined();
    expect(loadConfig({ SOCIAL_NEWSLETTER_URL: " " }).SOCIAL_NEWSLETTER_URL).toBeUndefined();
    expect(
      loadConfig({
        SOCIAL_TWITTER_URL: "https://x.com/camstats",
        SOCIAL_NEWSLETTER_URL: "https://news.example/camstats",
        ACCOUNTS_BETA: "true",
      }),
    ).toMatchObject({
      SOCIAL_TWITTER_URL: "https://x.com/camstats",
      SOCIAL_NEWSLETTER_URL: "https://news.example/camstats",
      ACCOUNTS_BETA: true,
    });
    expect(errorOf({ SOCIAL_TWITTER_URL: "x.com/camstats" })).toContain(
      'SOCIAL_TWITTER_URL: expected an absolute URL such as https://host/path; got "x.com/camstats"',
    );
    expect(errorOf({ ACCOUNTS_BETA: "on" })).toContain('ACCOUNTS_BETA: expected true or false; got "on"');
  });

  it("reads the moderators' addresses, lower-cased, and names a bad one", () => {
    expect(loadConfig({}).MODERATOR_EMAILS).toEqual([]);
    expect(loadConfig({ MODERATOR_EMAILS: " Ann@Example.com, bob@example.com ," }).MODERATOR_EMAILS).toEqual([
      "ann@example.com",
      "bob@example.com",
    ]);
    expect(errorOf({ MODERATOR_EMAILS: "ann@example.com;bob@example.com" })).toContain(
      "MODERATOR_EMAILS: expected e-mail addresses separated by commas, such as ann@example.com,bob@example.com",
    );
    expect(errorOf({ MODERATOR_EMAILS: "ann@example.com,Bob <bob@example.com>" })).toContain(
      "(no names, no angle brackets)",
    );
  });

  it("reads the feedback address, and says what is wrong with it", () => {
    expect(loadConfig({}).FEEDBACK_EMAIL).toBeUndefined();
    expect(loadConfig({ FEEDBACK_EMAIL: " hello@camstats.example " }).FEEDBACK_EMAIL).toBe(
      "hello@camstats.example",
    );
    expect(errorOf({ FEEDBACK_EMAIL: "not an address" })).toContain(
      "FEEDBACK_EMAIL: expected one e-mail address such as feedback@example.com",
    );
    expect(errorOf({ FEEDBACK_EMAIL: "Team <team@example.com>" })).toContain(
      "FEEDBACK_EMAIL: expected one e-mail address",
    );
  });

  it("reads the bio fetcher's rate and refresh interval, and says what is wrong with them", () => {
    expect(loadConfig({})).toMatchObject({ BIO_FETCHES_PER_MINUTE: 300, BIO_REFRESH_DAYS: 7 });
    expect(loadConfig({ BIO_FETCHES_PER_MINUTE: "0", BIO_REFRESH_DAYS: "30" })).toMatchObject({
      BIO_FETCHES_PER_MINUTE: 0,
      BIO_REFRESH_DAYS: 30,
    });
    expect(errorOf({ BIO_FETCHES_PER_MINUTE: "-1" })).toContain(
      'BIO_FETCHES_PER_MINUTE: expected 0 (no bio fetching) or more; got "-1"',
    );
    expect(errorOf({ BIO_FETCHES_PER_MINUTE: "2.5" })).toContain(
      'BIO_FETCHES_PER_MINUTE: expected a whole number; got "2.5"',
    );
    expect(errorOf({ BIO_FETCHES_PER_MINUTE: "lots" })).toContain(
      'BIO_FETCHES_PER_MINUTE: expected a number; got "lots"',
    );
    expect(errorOf({ BIO_FETCHES_PER_MINUTE: "10000" })).toContain(
      'BIO_FETCHES_PER_MINUTE: expected at most 6000 (100 requests a second); got "10000"',
    );
    expect(errorOf({ BIO_REFRESH_DAYS: "0" })).toContain(
      'BIO_REFRESH_DAYS: expected a whole number of at least 1; got "0"',
    );
    expect(errorOf({ BIO_REFRESH_DAYS: "400" })).toContain(
      'BIO_REFRESH_DAYS: expected a whole number of at most 365; got "400"',
    );
  });

  it("reads the thumbnail keeper's rate, 0 to turn it off, and says what is wrong with it", () => {
    expect(loadConfig({}).THUMB_FETCHES_PER_MINUTE).toBe(60);
    expect(loadConfig({ THUMB_FETCHES_PER_MINUTE: "0" }).THUMB_FETCHES_PER_MINUTE).toBe(0);
    expect(errorOf({ THUMB_FETCHES_PER_MINUTE: "-1" })).toContain(
      'THUMB_FETCHES_PER_MINUTE: expected 0 (no profile thumbnails) or more; got "-1"',
    );
    expect(errorOf({ THUMB_FETCHES_PER_MINUTE: "1.5" })).toContain(
      'THUMB_FETCHES_PER_MINUTE: expected a whole number; got "1.5"',
    );
    expect(errorOf({ THUMB_FETCHES_PER_MINUTE: "9000" })).toContain(
      'THUMB_FETCHES_PER_MINUTE: expected at most 6000 (100 requests a second); got "9000"',
    );
  });

  it("reads how many processes serve the site: one a core by default, 0 for the main process", () => {
    const cores = Math.min(availableParallelism(), 64);
    expect(loadConfig({}).WEB_PROCESSES).toBe(cores);
    expect(loadConfig({ WEB_PROCESSES: "auto" }).WEB_PROCESSES).toBe(cores);
    expect(loadConfig({ WEB_PROCESSES: " " }).WEB_PROCESSES).toBe(cores);
    expect(loadConfig({ WEB_PROCESSES: "0" }).WEB_PROCESSES).toBe(0);
    expect(loadConfig({ WEB_PROCESSES: "3" }).WEB_PROCESSES).toBe(3);
    for (const bad of ["-1", "1.5", "two"]) {
      expect(errorOf({ WEB_PROCESSES: bad })).toContain(
        `WEB_PROCESSES: expected a whole number of processes, or auto (one per core); got "${bad}"`,
      );
    }
    expect(errorOf({ WEB_PROCESSES: "65" })).toContain(
      'WEB_PROCESSES: expected at most 64 processes (or auto: one per core); got "65"',
    );
  });

  it("reads AUTH_SECRET: unset by default, at least 32 characters when set", () => {
    expect(loadConfig({}).AUTH_SECRET).toBeUndefined();
    expect(loadConfig({ AUTH_SECRET: "a".repeat(32) }).AUTH_SECRET).toBe("a".repeat(32));
    expect(errorOf({ AUTH_SECRET: "too-short" })).toContain(
      "AUTH_SECRET: expected at least 32 characters (for example: openssl rand -hex 32)",
    );
  });

  it("reads where mail goes, and says what is wrong with an SMTP URL or a sender", () => {
    const defaults = loadConfig({});
    expect(defaults.SMTP_URL).toBeUndefined();
    expect(defaults.MAIL_FROM).toBeUndefined();
    expect(defaults).toMatchObject({ MAIL_SINK_PORT: 0, MAIL_PER_RECIPIENT_PER_HOUR: 10 });
    const set = loadConfig({
      SMTP_URL: " smtps://user:p%40ss@mail.example.com:465 ",
      MAIL_FROM: "Camstats Team <hello@example.com>",
    });
    expect(set.SMTP_URL).toBe("smtps://user:p%40ss@mail.example.com:465");
    expect(set.MAIL_FROM).toEqual({ name: "Camstats Team", address: "hello@example.com" });
    expect(loadConfig({ SMTP_URL: "" }).SMTP_URL).toBeUndefined();
    for (const bad of ["mail.example.com:587", "https://mail.example.com", "smtp://"]) {
      expect(errorOf({ SMTP_URL: bad })).toContain(
        `SMTP_URL: expected an SMTP server URL such as smtp://user:password@mail.example.com:587`,
      );
    }
    for (const bad of ["no-reply", "a@b@c", "Name <x@y.com", "x@y.com, z@y.com"]) {
      expect(errorOf({ MAIL_FROM: bad })).toContain(
        `MAIL_FROM: expected a sender address such as no-reply@example.com or camstats <no-reply@example.com>; got ${JSON.stringify(bad)}`,
      );
    }
    expect(errorOf({ MAIL_PER_RECIPIENT_PER_HOUR: "0" })).toContain(
      'MAIL_PER_RECIPIENT_PER_HOUR: expected a whole number of at least 1; got "0"',
    );
  });
});

describe("parseMailbox", () => {
  it("reads a bare address and one with a display name", () => {
    expect(parseMailbox("no-reply@localhost")).toEqual({ name: null, address: "no-reply@localhost" });
    expect(parseMailbox("  camstats <no-reply@example.com> ")).toEqual({
      name: "camstats",
      address: "no-reply@example.com",
    });
    expect(parseMailbox("<x.y+tag@sub.example.co.uk>")).toEqual({
      name: null,
      address: "x.y+tag@sub.example.co.uk",
    });
  });

  it("refuses what could break a header or name two people", () => {
    for (const bad of [
      "",
      "someone",
      "someone@",
      "@example.com",
      "a@b.com\r\nBcc: victim@example.com",
      "Name\n <a@b.com>",
      "a@b.com,c@d.com",
      "a b@c.com",
      'quoted "name" <a@b.com>',
      "a@-b.com",
      `${"a".repeat(250)}@example.com`,
    ]) {
      expect(parseMailbox(bad), bad).toBeNull();
    }
  });

  it("reads a Google client as an id and a secret together, and an issuer URL that is an issuer's", () => {
    const none = loadConfig({});
    expect(none.GOOGLE_CLIENT_ID).toBeUndefined();
    expect(none.GOOGLE_ISSUER_URL).toBe("https://accounts.google.com");
    expect(none.GOOGLE_STAND_IN_PORT).toBe(0);
    const set = loadConfig({
      GOOGLE_CLIENT_ID: " 123.apps.googleusercontent.com ",
      GOOGLE_CLIENT_SECRET: "shh",
      GOOGLE_ISSUER_URL: "https://issuer.example.com/realm/",
    });
    expect(set).toMatchObject({
      GOOGLE_CLIENT_ID: "123.apps.googleusercontent.com",
      GOOGLE_CLIENT_SECRET: "shh",
      GOOGLE_ISSUER_URL: "https://issuer.example.com/realm",
    });
    expect(loadConfig({ GOOGLE_ISSUER_URL: "http://127.0.0.1:4011" }).GOOGLE_ISSUER_URL).toBe(
      "http://127.0.0.1:4011",
    );
    expect(errorOf({ GOOGLE_CLIENT_ID: "123.apps.googleusercontent.com" })).toContain(
      "GOOGLE_CLIENT_SECRET: expected the OAuth client's secret whenever GOOGLE_CLIENT_ID is set; got nothing (not set)",
    );
    expect(errorOf({ GOOGLE_CLIENT_SECRET: "shh" })).toContain(
      "GOOGLE_CLIENT_ID: expected the OAuth client's id whenever GOOGLE_CLIENT_SECRET is set; got nothing (not set)",
    );
    for (const bad of [
      "accounts.google.com",
      "http://accounts.google.com",
      "https://x.example?a=1",
      "ftp://x",
    ]) {
      expect(errorOf({ GOOGLE_ISSUER_URL: bad })).toContain(
        `GOOGLE_ISSUER_URL: expected an OpenID issuer's https URL without a query, such as https://accounts.google.com (http only for localhost or 127.0.0.1); got ${JSON.stringify(bad)}`,
      );
    }
  });

  it("starts as the whole site unless SITE_ROLE says otherwise, and says what a fleet's node needs", () => {
    expect(loadConfig({}).SITE_ROLE).toBe("all");
    const db = "postgres://camstats@db.internal:5432/camstats";
    expect(loadConfig({ SITE_ROLE: " web ", DATABASE_URL: db }).SITE_ROLE).toBe("web");
    expect(loadConfig({ SITE_ROLE: "worker", DATABASE_URL: db }).SITE_ROLE).toBe("worker");
    expect(errorOf({ SITE_ROLE: "server" })).toContain(
      'SITE_ROLE: expected all (the whole site), web (pages, API and published files) or worker (collector, daily job, bios, thumbnails, alerts, mail); got "server"',
    );
    for (const role of ["web", "worker"]) {
      const message = errorOf({ SITE_ROLE: role });
      expect(message).toContain(
        `DATABASE_URL: expected the fleet's PostgreSQL URL whenever SITE_ROLE is ${role}: every node of a fleet shares one PostgreSQL`,
      );
      expect(message).toContain("or PUBLISH_DIR and DATA_DIR on storage every node sees");
      expect(message).toContain("AUTH_SECRET set alike on every node or unset on all");
      expect(message).toContain("got nothing (not set)");
    }
  });

  it("reads STORAGE_URL as a directory or a bucket, and says what is wrong with it", () => {
    expect(loadConfig({}).STORAGE_URL).toBeUndefined();
    expect(loadConfig({ STORAGE_URL: "file:///srv/camstats/" }).STORAGE_URL).toEqual({
      kind: "directory",
      root: "/srv/camstats",
    });
    const keys = { AWS_ACCESS_KEY_ID: "id", AWS_SECRET_ACCESS_KEY: "secret" };
    expect(
      loadConfig({
        STORAGE_URL: "s3://camstats-files/site?region=eu-west-1&endpoint=https://s3.example.net:9000",
        ...keys,
      }).STORAGE_URL,
    ).toEqual({
      kind: "s3",
      bucket: "camstats-files",
      prefix: "site/",
      endpoint: "https://s3.example.net:9000",
      region: "eu-west-1",
    });
    expect(loadConfig({ STORAGE_URL: "s3://camstats-files?region=us-east-1", ...keys }).STORAGE_URL).toEqual({
      kind: "s3",
      bucket: "camstats-files",
      prefix: "",
      endpoint: undefined,
      region: "us-east-1",
    });
    expect(errorOf({ STORAGE_URL: "s3://camstats-files?region=us-east-1" })).toContain(
      "AWS_ACCESS_KEY_ID: expected the bucket's key whenever STORAGE_URL is an s3:// URL; got nothing (not set)",
    );
    expect(
      errorOf({ STORAGE_URL: "s3://camstats-files?region=us-east-1", AWS_ACCESS_KEY_ID: "id" }),
    ).toContain("AWS_SECRET_ACCESS_KEY: expected the bucket's key");
    for (const [bad, why] of [
      ["/srv/camstats", ""],
      ["http://host/x", ""],
      ["file://host/srv", "a file URL has no host or query"],
      ["file:///", "not the root directory"],
      ["s3://camstats-files", "region= is missing"],
      ["s3://Bad_Bucket?region=x", "the bucket name must be"],
      ["s3://id:key@camstats-files?region=x", "the keys go in AWS_ACCESS_KEY_ID"],
      ["s3://camstats-files?region=x&acl=public", "unknown parameter acl"],
      ["s3://camstats-files?region=x&endpoint=ftp://h", "endpoint= must be an http or https address"],
    ] as const) {
      const message = errorOf({ STORAGE_URL: bad, ...keys });
      expect(message).toContain("STORAGE_URL: expected file:///absolute/path or s3://bucket");
      expect(message).toContain(why);
    }
  });

  it("serves metrics only on a port of their own, on loopback unless told", () => {
    const off = loadConfig({});
    expect(off.METRICS_PORT).toBeUndefined();
    expect(off.METRICS_HOST).toBe("127.0.0.1");
    expect(loadConfig({ METRICS_PORT: "" }).METRICS_PORT).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: "9464", METRICS_HOST: "0.0.0.0" })).toMatchObject({
      METRICS_PORT: 9464,
      METRICS_HOST: "0.0.0.0",
    });
    expect(errorOf({ METRICS_PORT: "0" })).toContain(
      'METRICS_PORT: expected a port from 1 to 65535, apart from PORT; got "0"',
    );
    expect(errorOf({ METRICS_PORT: "nine" })).toContain('METRICS_PORT: expected a port number; got "nine"');
    expect(errorOf({ PORT: "8080", METRICS_PORT: "8080" })).toContain(
      "METRICS_PORT: expected a port other than PORT: the metrics are never served on the site's port",
    );
  });
});
