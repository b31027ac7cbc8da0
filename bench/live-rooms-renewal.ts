import { parseArgs } from "node:util";

/**
 * `npm run bench:live-rooms -- [--base URL] [--wait S] [--concurrency N] TAG...`: how long
 * the live-room pages /tag/{TAG} take once their copy of the feed is past fresh (decision 0058).
 * Against a running `npm start` (the sandbox platform, FEED_MAX_REQUESTS_PER_SECOND 1): asks every
 * tag's page once (cold), then again after --wait seconds, twice, --concurrency at a time, and
 * prints each round's median, 90th percentile and slowest in ms. The site's page rate limit
 * (PAGE_RATE_LIMIT_PER_MINUTE) must allow the rounds' requests from one address.
 */
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    base: { type: "string", default: "http://127.0.0.1:3999" },
    wait: { type: "string", default: "45" },
    concurrency: { type: "string", default: "4" },
  },
});
const tags = positionals;
if (tags.length === 0) throw new Error("name the tags whose pages to ask for, e.g. asian latina milf");
const waitMs = Number(values.wait) * 1000;
const concurrency = Number(values.concurrency);

async function timed(url: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

async function round(label: string): Promise<void> {
  const times: number[] = [];
  const statuses = new Set<number>();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < tags.length) {
        const { status, ms } = await timed(
          `${values.base}/tag/${encodeURIComponent(tags[next++] as string)}`,
        );
        times.push(ms);
        statuses.add(status);
      }
    }),
  );
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(times.length * q))] ?? 0);
  console.log(
    `${label.padEnd(14)} pages ${times.length}  median ${at(0.5)} ms  p90 ${at(0.9)} ms  max ${at(1)} ms  statuses ${[...statuses].join(",")}`,
  );
}

await round("cold");
for (const after of [1, 2]) {
  await new Promise((resolve) => setTimeout(resolve, waitMs));
  await round(`after ${(after * waitMs) / 1000} s`);
}
