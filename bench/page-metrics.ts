import type { Browser } from "playwright-core";

/** What a first visit costs in the browser (issue 5's budgets): scripts sent, LCP and layout shift. */
export interface PageMetrics {
  /** Bytes of JavaScript on the wire (compressed as sent), over every script the page loaded. */
  scriptBytes: number;
  scripts: number;
  lcpMs: number;
  cls: number;
}

/**
 * One first visit in a fresh context (empty cache) with the CPU slowed `cpuSlowdown` times through
 * the DevTools protocol. Script bytes are the network layer's encoded lengths; LCP and CLS come from
 * the page's own PerformanceObserver entries, read once the page has been quiet for a second.
 */
export async function firstVisit(browser: Browser, url: string, cpuSlowdown: number): Promise<PageMetrics> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
    await cdp.send("Network.enable");
    const scriptRequests = new Set<string>();
    let scriptBytes = 0;
    cdp.on("Network.responseReceived", (event) => {
      if (event.type === "Script") scriptRequests.add(event.requestId);
    });
    cdp.on("Network.loadingFinished", (event) => {
      if (scriptRequests.has(event.requestId)) scriptBytes += event.encodedDataLength;
    });
    // Collected from the first paint on: buffered entries reach an observer made after them.
    await page.addInitScript(`
      window.__metrics = { lcp: 0, cls: 0 };
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__metrics.lcp = e.startTime;
      }).observe({ type: "largest-contentful-paint", buffered: true });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (!e.hadRecentInput) window.__metrics.cls += e.value;
      }).observe({ type: "layout-shift", buffered: true });
    `);
    await page.goto(url, { waitUntil: "load" });
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(1000);
    const { lcp, cls } = await page.evaluate<{ lcp: number; cls: number }>("window.__metrics");
    return { scriptBytes, scripts: scriptRequests.size, lcpMs: lcp, cls };
  } finally {
    await context.close();
  }
}
