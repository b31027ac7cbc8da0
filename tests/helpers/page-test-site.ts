import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import type { Db } from "../../src/db/connect.ts";
import type { AppOptions } from "../../src/server/app.ts";
import { missingBuildMessage, webBuildExists } from "../../src/server/pages.ts";
import { testApp } from "./api.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";
import { BROWSER } from "./page-html.ts";

/** A page as a page test reads it: React's text separators (`<!-- -->`) taken out, as a browser ignores them. */
export interface PageAnswer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  html: string;
}

/** A file of published files written for a page test, removed after it. */
export interface PublishedFixture {
  root: string;
  remove(): Promise<void>;
}

/** The site a page test asks: its test database, published files and app, all open once the file's tests run. */
export interface PageTestSite<F extends PublishedFixture> {
  readonly db: Db;
  readonly fixture: F;
  readonly app: FastifyInstance;
  /** GET as a person's browser (add headers to ask otherwise, a crawler's User-Agent for one). */
  get(url: string, headers?: Record<string, string>): Promise<PageAnswer>;
}

/**
 * Opens the site before the file's tests (the page build must exist: it says how to make it) and
 * closes it after them: the app, then the database, then the files. `seed` fills the database once
 * the files are written; `app` is the app's options beyond the database and the files.
 */
export function pageTestSite<F extends PublishedFixture>(options: {
  fixture: () => Promise<F>;
  app?: Partial<AppOptions>;
  seed?: (db: Db, fixture: F) => Promise<void>;
}): PageTestSite<F> {
  let database: TestDatabase | undefined;
  let fixture: F | undefined;
  let app: FastifyInstance | undefined;
  const opened = <T>(part: T | undefined, name: string): T => {
    if (part === undefined) throw new Error(`the page test's ${name} is not open: ask it inside a test`);
    return part;
  };
  beforeAll(async () => {
    if (!webBuildExists()) throw new Error(missingBuildMessage());
    database = await createTestDatabase();
    fixture = await options.fixture();
    await options.seed?.(database.db, fixture);
    app = testApp(database.db, { ...options.app, publishDir: fixture.root });
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
    await fixture?.remove();
  });
  return {
    get db() {
      return opened(database, "database").db;
    },
    get fixture() {
      return opened(fixture, "published files");
    },
    get app() {
      return opened(app, "app");
    },
    async get(url, headers = {}) {
      const response = await opened(app, "app").inject({
        method: "GET",
        url,
        headers: { "user-agent": BROWSER, ...headers },
      });
      return {
        status: response.statusCode,
        headers: response.headers,
        html: response.body.replaceAll("<!-- -->", ""),
      };
    },
  };
}
