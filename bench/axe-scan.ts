import { AxeBuilder } from "@axe-core/playwright";
import { DESKTOP, PHONE } from "../tests/e2e/browser.ts";
import { launchChromium } from "../tests/e2e/chromium.ts";
import { liveRoomsApp } from "../tests/helpers/api.ts";
import { startTestPlatform } from "../tests/helpers/platform.ts";
import { listenLocally } from "../tests/helpers/site.ts";

/**
 * What one axe scan of the biggest page the browser tests scan costs (the home family: 90 cards),
 * with axe's full results (AxeBuilder's default) against results for the violations alone
 * (`resultTypes: ["violations"]`: every rule still runs on every element; axe just stops
 * collecting the passing and inapplicable nodes). Alternates the two in each round, on one page
 * and one browser, and checks they report the same violations.
 *
 *   npx tsx bench/axe-scan.ts [rounds=3]
 */

const rounds = Number(process.argv[2] ?? 3);
const T0 = Date.UTC(2026, 10, 18, 21, 0);

const platform = await startTestPlatform({ performers: 3000, seed: 5, at: T0 });
const app = liveRoomsApp(platform.sandbox.url);
const origin = await listenLocally(app);
const browser = await launchChromium();

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

const summary = (
  violations: Array<{ id: string; impact?: string | null; nodes: Array<{ target: unknown[] }> }>,
) => violations.map((v) => `${v.id} ${v.impact} ${v.nodes.map((n) => n.target.join(" ")).join(",")}`).sort();

for (const [path, viewport] of [
  ["/", PHONE],
  ["/mature-cams?audit", DESKTOP],
] as const) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(`${origin}${path}`, { waitUntil: "load" });
  await page.locator(".gender-toggles__toggle:not([disabled])").first().waitFor();
  const elements = await page.evaluate("document.querySelectorAll('*').length");
  const times = { full: [] as number[], violations: [] as number[] };
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    const full = await new AxeBuilder({ page }).analyze();
    times.full.push(performance.now() - started);
    const again = performance.now();
    const only = await new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).analyze();
    times.violations.push(performance.now() - again);
    if (JSON.stringify(summary(full.violations)) !== JSON.stringify(summary(only.violations))) {
      throw new Error(`the two scans of ${path} disagree on the violations`);
    }
  }
  const full = median(times.full);
  const only = median(times.violations);
  console.log(
    `${path} at ${viewport.width} px (${elements} elements): full results ${Math.round(full)} ms, ` +
      `violations only ${Math.round(only)} ms (ratio ${(only / full).toFixed(2)}); rounds: ` +
      `${times.full.map(Math.round).join("/")} against ${times.violations.map(Math.round).join("/")}`,
  );
  await context.close();
}

await browser.close();
await app.close();
await platform.sandbox.close();
