import { AxeBuilder } from "@axe-core/playwright";
import type { Browser, BrowserContext, Page, Response } from "playwright-core";
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

/**
 * A page in a fresh browser context (no shared storage between tests), at a viewport, with or
 * without JavaScript (without: what a crawler or a slow phone sees before any script runs).
 */
export async function openPage(
  browser: Browser,
  url: string,
  options: {
    viewport?: { width: number; height: number };
    javaScript?: boolean;
    /** Headless Chromium names itself HeadlessChrome, which isbot reads as a crawler; a page that
     *  treats crawlers apart is tested as a person's browser with this. */
    userAgent?: string;
    /** The browser's time zone (an IANA name): what the page's scripts see as the visitor's. */
    timezoneId?: string;
    /** Runs in the page before any of its own scripts (to record what they do from the first byte). */
    initScript?: string;
  } = {},
): Promise<OpenedPage> {
  const context = await browser.newContext({
    viewport: options.viewport ?? DESKTOP,
    javaScriptEnabled: options.javaScript ?? true,
    ...(options.userAgent === undefined ? {} : { userAgent: options.userAgent }),
    ...(options.timezoneId === undefined ? {} : { timezoneId: options.timezoneId }),
  });
  const violations = await recordPolicyViolations(context);
  if (options.initScript !== undefined) await context.addInitScript(options.initScript);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  const response = await page.goto(url, { waitUntil: "load" });
  return {
    page,
    response,
    errors,
    close: async () => {
      await context.close();
      expectNoPolicyViolations(violations, url);
    },
  };
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
 * inapplicable nodes, which nothing reads (about a quarter of a scan: bench/axe-scan.ts).
 */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).analyze();
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
