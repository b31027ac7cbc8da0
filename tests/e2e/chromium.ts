import { execSync } from "node:child_process";
import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";

/**
 * The system Chromium, never a downloaded one (the machines reach no browser download host).
 * CHROMIUM_PATH wins; else Debian's. When none is installed and we are root, Debian's package is
 * installed here, once: `npm test` must work on a fresh machine with no other setup. The browser
 * layer's workers start together, so the install holds a lock (flock): the first installs, the
 * others wait for it and find the binary (two apt-gets at once fail on dpkg's own lock).
 */
const CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];

export function chromiumPath(): string {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (!existsSync(configured)) throw new Error(`CHROMIUM_PATH=${configured} does not exist`);
    return configured;
  }
  const found = CANDIDATES.find((p) => existsSync(p));
  if (found) return found;
  if (process.getuid?.() !== 0) {
    throw new Error(
      "the browser tests need Chromium: install it with `apt-get install -y chromium` (or set CHROMIUM_PATH)",
    );
  }
  process.stderr.write(
    "installing the system Chromium for the browser tests (apt-get install -y chromium)...\n",
  );
  const install = "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium";
  const missing = CANDIDATES.map((p) => `[ ! -x ${p} ]`).join(" && ");
  execSync(`flock /tmp/camstats-chromium-install.lock sh -c 'if ${missing}; then ${install}; fi'`, {
    stdio: "inherit",
  });
  const installed = CANDIDATES.find((p) => existsSync(p));
  if (!installed) throw new Error("apt-get installed chromium, but no binary is at /usr/bin/chromium");
  return installed;
}

let shared: Promise<Browser> | undefined;

/**
 * One Chromium for all the browser files a worker runs one after the other (they share its module
 * graph, vitest.config.ts), launched by the first: a launch costs Chromium about 0.6 s of CPU, and
 * the pages the last file closed (emptied, browser.ts) serve the next file's first pages. It closes
 * with the worker (Playwright closes the browsers it launched when its process exits).
 */
export function sharedChromium(): Promise<Browser> {
  shared ??= launchChromium().then(
    (browser) => {
      browser.on("disconnected", () => {
        shared = undefined;
      });
      return browser;
    },
    (error: unknown) => {
      shared = undefined;
      throw error;
    },
  );
  return shared;
}

/** Headless, with the flags this machine needs (no sandbox as root, no GPU, nothing fetched in the background). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
    ],
  });
}
