import { AxeBuilder } from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";

/** The widths every page family is tested at: a phone and a desktop. */
export const PHONE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 900 };

export interface OpenedPage {
  page: Page;
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
  options: { viewport?: { width: number; height: number }; javaScript?: boolean } = {},
): Promise<OpenedPage> {
  const context = await browser.newContext({
    viewport: options.viewport ?? DESKTOP,
    javaScriptEnabled: options.javaScript ?? true,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  await page.goto(url, { waitUntil: "load" });
  return { page, errors, close: () => context.close() };
}

/** Accessibility violations that axe rates serious or critical, as "rule: target" lines. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}`));
}
