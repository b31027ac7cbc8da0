import { AxeBuilder } from "@axe-core/playwright";
import type { Browser, BrowserContext, ConsoleMessage, Frame, Page, Response } from "playwright-core";
import { expect } from "vitest";

/** The widths every page family is tested at: a phone and a desktop. */
export const PHONE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 900 };

export interface OpenedPage {
  page: Page;
  /** The answer to the page's own request (its status, say), so that no test loads it twice to read it. */
  response: Response | null;
  /** Console errors and uncaught exceptions while the page was open: a test expects none. */
  errors: string[];
  close(): Promise<void>;
}

export interface OpenPageOptions {
  viewport?: { width: number; height: number };
  javaScript?: boolean;
  /** Headless Chromium names itself HeadlessChrome, which isbot reads as a crawler; a page that
   *  treats crawlers apart is tested as a person's browser with this. */
  userAgent?: string;
  /** The browser's time zone (an IANA name): what the page's scripts see as the visitor's. */
  timezoneId?: string;
  /** Runs in the page before any of its own scripts (to record what they do from the first byte). */
  initScript?: string;
}

/**
 * A page of its own for a test, as a fresh browser context would give it: no cookies, no storage,
 * no cache, no history of an earlier test's. Starting a context's renderer process costs Chromium
 * most of a page's time (BENCHMARKS.md, issue 31, point 3; decision 0055), so a closed page goes
 * back to a pool of its browser, kept per set of context options (the viewport is the page's), and
 * the next test with the same options gets it emptied (about:blank, every visited origin's data,
 * the cookies, the cache, the history). A test that reaches for something of the page that
 * outlives a navigation (its context, routes, clock, listeners, bindings) or opens a second page
 * makes it unfit to share: that page's context is closed instead, as every page's was before. A
 * page with an init script gets a context of its own.
 */
export async function openPage(
  browser: Browser,
  url: string,
  options: OpenPageOptions = {},
): Promise<OpenedPage> {
  const viewport = options.viewport ?? DESKTOP;
  // The viewport is the page's own (setViewportSize); the rest are its context's.
  const key = JSON.stringify([options.javaScript ?? true, options.userAgent ?? "", options.timezoneId ?? ""]);
  const shareable = options.initScript === undefined;
  const idle = shareable ? idlePages(browser, key) : [];
  const pooled = idle.pop() ?? (await pooledPage(browser, options));
  const { page, violations } = pooled;
  const size = page.viewportSize();
  if (size?.width !== viewport.width || size.height !== viewport.height) await page.setViewportSize(viewport);
  const firstViolation = violations.length;
  const errors: string[] = [];
  const origins = new Set<string>();
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() === "error") errors.push(message.text());
  };
  const onPageError = (error: Error) => errors.push(String(error));
  const onNavigated = (frame: Frame) => {
    const { origin } = new URL(frame.url());
    if (origin.startsWith("http")) origins.add(origin);
  };
  page.on("console", onConsole);
  page.on("pageerror", onPageError);
  page.on("framenavigated", onNavigated);
  let lasting = !shareable;
  const lent = new Proxy(page, {
    get(target, property) {
      if (property === UNWRAPPED) return target;
      if (typeof property === "string" && LASTING.has(property)) {
        lasting = true;
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  const response = await page.goto(url, { waitUntil: "load" });
  let closed = false;
  return {
    page: lent,
    response,
    errors,
    close: async () => {
      if (closed) return;
      closed = true;
      page.off("console", onConsole);
      page.off("pageerror", onPageError);
      page.off("framenavigated", onNavigated);
      const shared = !lasting && (await emptyForTheNext(pooled, origins));
      if (shared) idle.push(pooled);
      else await pooled.context.close();
      expectNoPolicyViolations(violations.slice(firstViolation), url);
    },
  };
}

/** Members of a page whose effect outlives a navigation: a test that uses one gets a page no later test shares. */
const LASTING = new Set([
  "context",
  "clock",
  "route",
  "routeFromHAR",
  "routeWebSocket",
  "unroute",
  "exposeBinding",
  "exposeFunction",
  "addInitScript",
  "setExtraHTTPHeaders",
  "emulateMedia",
  "on",
  "once",
  "addListener",
  "prependListener",
  "waitForEvent",
]);

const UNWRAPPED = Symbol("the page itself");

/** The page behind one openPage lent: for our own helpers, whose use of it does not outlast the test. */
function unwrapped(page: Page): Page {
  return (page as Page & { [UNWRAPPED]?: Page })[UNWRAPPED] ?? page;
}

interface PooledPage {
  context: BrowserContext;
  page: Page;
  /** Every policy violation of the context's life; a lease reads those after its start. */
  violations: string[];
}

const pools = new WeakMap<Browser, Map<string, PooledPage[]>>();

function idlePages(browser: Browser, key: string): PooledPage[] {
  const byKey = pools.get(browser) ?? new Map<string, PooledPage[]>();
  pools.set(browser, byKey);
  const idle = byKey.get(key) ?? [];
  byKey.set(key, idle);
  return idle;
}

async function pooledPage(browser: Browser, options: OpenPageOptions): Promise<PooledPage> {
  const context = await browser.newContext({
    viewport: options.viewport ?? DESKTOP,
    javaScriptEnabled: options.javaScript ?? true,
    ...(options.userAgent === undefined ? {} : { userAgent: options.userAgent }),
    ...(options.timezoneId === undefined ? {} : { timezoneId: options.timezoneId }),
  });
  const violations = await recordPolicyViolations(context);
  if (options.initScript !== undefined) await context.addInitScript(options.initScript);
  return { context, page: await context.newPage(), violations };
}

/**
 * Leaves the page as a fresh context's: on about:blank (no script of the last page left running),
 * with no cookies, no data of any origin it visited (storage of every kind, the session's
 * included), no cached response and no history. False when it cannot be (a second page, a closed
 * one, a failed step): then the context is closed.
 */
async function emptyForTheNext(
  { context, page }: PooledPage,
  origins: ReadonlySet<string>,
): Promise<boolean> {
  if (page.isClosed() || context.pages().length !== 1) return false;
  try {
    // From the page itself: a navigation the browser starts would move about:blank to a new
    // renderer process, the cost the pool saves.
    await Promise.all([
      page.waitForURL("about:blank", { timeout: 10_000 }),
      page.evaluate("location.href = 'about:blank'"),
    ]);
    const cdp = await context.newCDPSession(page);
    for (const origin of origins) {
      await cdp.send("Storage.clearDataForOrigin", { origin, storageTypes: "all" });
      await cdp.send("DOMStorage.clear", { storageId: { securityOrigin: origin, isLocalStorage: false } });
    }
    await cdp.send("Network.clearBrowserCache");
    await cdp.send("Page.resetNavigationHistory");
    await cdp.detach();
    await context.clearCookies();
    return true;
  } catch {
    return false;
  }
}

/**
 * Collects every Content-Security-Policy violation in the context's pages (the
 * securitypolicyviolation event, as "directive: blocked URI" lines), from before any page script
 * runs: a blocked script, style or image is a broken page, whether or not a test looks at it.
 */
export async function recordPolicyViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeBinding("__reportPolicyViolation", (_source, line: string) => {
    violations.push(line);
  });
  // A string runs in the page, where the DOM is (the tests' own types have none).
  await context.addInitScript(`document.addEventListener("securitypolicyviolation", (event) => {
    window.__reportPolicyViolation(event.effectiveDirective + ": " + (event.blockedURI || "inline") + " at " + event.sourceFile + ":" + event.lineNumber);
  });`);
  return violations;
}

/** Fails on any Content-Security-Policy violation recorded while a page was open. */
export function expectNoPolicyViolations(violations: readonly string[], url: string): void {
  expect(violations, `Content-Security-Policy violations on ${url}`).toEqual([]);
}

/**
 * Accessibility violations that axe rates serious or critical, as "rule: target" lines. Every rule
 * runs on every element; `resultTypes` only spares axe building selectors for the passing and
 * inapplicable nodes, which nothing reads (about a quarter of a scan: bench/axe-scan.ts). A page
 * without frames is scanned in the page itself (axe.run, AxeBuilder's legacy mode): the default
 * runs each frame's part and then joins them in a new page, whose renderer costs Chromium as much
 * as the scan (BENCHMARKS.md, issue 31, point 3), and reaches into cross-origin frames, which only
 * a page with frames has.
 */
async function seriousViolations(lent: Page): Promise<string[]> {
  const page = unwrapped(lent);
  const builder = new AxeBuilder({ page }).options({ resultTypes: ["violations"] });
  if (page.frames().length === 1) builder.setLegacyMode();
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}`));
}

/** The page families and widths each test file has scanned: a worker runs several files one after
 *  the other in one module graph (vitest.config.ts), so the key names the file. */
const scanned = new Set<string>();

/**
 * Expects axe to find no serious or critical violation on the page. axe takes seconds over a big
 * page, and a family's pages share their markup, so each family is scanned once per width
 * (docs/decisions/0011-test-layers.md): a second scan of the same family at the same width throws,
 * so that the browser tests stay as quick as that rule makes them.
 */
export async function expectNoSeriousViolations(page: Page, family: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  const key = `${family} at ${width} px`;
  const fileKey = `${expect.getState().testPath ?? ""}: ${key}`;
  if (scanned.has(fileKey))
    throw new Error(`axe has already scanned ${key} in this file: once per family and width`);
  scanned.add(fileKey);
  expect(await seriousViolations(page), `${key}: ${page.url()}`).toEqual([]);
}
