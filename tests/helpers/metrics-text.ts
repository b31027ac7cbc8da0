/**
 * Prometheus's text format, read enough for tests: every sample as its name, its labels and its
 * value (comments and HELP/TYPE lines left out).
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    const match = SAMPLE.exec(line.trim());
    if (match === null || line.startsWith("#")) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? "").matchAll(LABEL)) labels[key as string] = value as string;
    samples.push({ name: match[1] as string, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The sum of the samples named `name` whose labels include `labels`; null when there is none. */
export function metricSum(
  samples: Sample[],
  name: string,
  labels: Record<string, string> = {},
): number | null {
  const matching = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value),
  );
  return matching.length === 0 ? null : matching.reduce((sum, s) => sum + s.value, 0);
}

/** The metric families a scrape names (its # TYPE lines). */
export function metricFamilies(text: string): Set<string> {
  return new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1] as string));
}
