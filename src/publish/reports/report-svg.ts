/**
 * The data reports' charts as static SVG text, drawn on the server with no browser and no
 * library: a column chart (a series over days or hours) and a bar chart (ranked rows, negative
 * values to the left of zero). Pure functions of their input: the same figures give the same
 * bytes (numbers are written with fixed decimals, never in a locale), every text is escaped, and
 * nothing in them runs (no script, no event attribute, no link), so they are safe to serve as
 * images under any policy.
 */

const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";
const INK = "#1f2430";
const MUTED = "#5b6270";
const GRID = "#dde1e8";
const BAR = "#b4235a";
const BAR_DOWN = "#2f6db5";

/** Text for XML: the five characters that could end a text or an attribute, escaped. */
export function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** A coordinate with at most one decimal, without a trailing ".0". */
const n = (value: number) => {
  const rounded = Math.round(value * 10) / 10;
  return Object.is(rounded, -0) ? "0" : String(rounded);
};

/** Digits grouped by commas, whatever the runtime's locale: 12345 → "12,345". */
export function groupDigits(value: number, decimals = 0): string {
  const fixed = Math.abs(value).toFixed(decimals);
  const [whole = "0", fraction] = fixed.split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${value < 0 && Number(fixed) !== 0 ? "−" : ""}${grouped}${fraction === undefined ? "" : `.${fraction}`}`;
}

/** A compact tick label: 950, 1.2k, 20k, 3.2M (one decimal under ten, none above). */
export function compactNumber(value: number): string {
  const abs = Math.abs(value);
  const sign = value < 0 ? "−" : "";
  const unit = (size: number, suffix: string) => {
    const scaled = abs / size;
    const text = scaled < 10 ? scaled.toFixed(1).replace(/\.0$/, "") : scaled.toFixed(0);
    return `${sign}${text}${suffix}`;
  };
  if (abs >= 1_000_000) return unit(1_000_000, "M");
  if (abs >= 1_000) return unit(1_000, "k");
  return `${sign}${abs % 1 === 0 ? abs.toFixed(0) : abs.toFixed(1)}`;
}

/**
 * Round ticks from 0 to at least `max`: steps of 1, 2 or 5 times a power of ten, about `count`
 * of them; integers only when every value is (`integers`), so no tick repeats once rounded.
 */
export function niceTicks(max: number, count = 5): number[] {
  if (!(max > 0)) return [0, 1];
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power) as number;
  const ticks: number[] = [];
  for (let i = 0; i * step < max + step * 1e-9; i++) ticks.push(Math.round(i * step * 1e6) / 1e6);
  const last = ticks.at(-1) ?? 0;
  if (last < max) ticks.push(Math.round((last + step) * 1e6) / 1e6);
  return ticks;
}

/** The width of a text in the chart's font, roughly (0.6 em a character): enough to leave room for it. */
const textWidth = (text: string, size: number) => [...text].length * size * 0.6;

export interface SvgChart {
  svg: string;
  width: number;
  height: number;
}

/** The title's lines, broken between words to fit the width (bold: measured a size up), and where the plot may start below them. */
function titleLines(title: string, width: number): { lines: string[]; top: number } {
  const room = width - 32;
  const lines: string[] = [];
  for (const word of title.split(" ")) {
    const last = lines.at(-1);
    if (last !== undefined && textWidth(`${last} ${word}`, 16) <= room)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return { lines, top: 44 + 19 * (lines.length - 1) };
}

function frame(width: number, height: number, title: string, body: string[]): SvgChart {
  const { lines } = titleLines(title, width);
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" font-family="${escapeXml(FONT)}">`,
    `<title>${escapeXml(title)}</title>`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    ...lines.map(
      (line, i) =>
        `<text x="16" y="${24 + 19 * i}" font-size="15" font-weight="700" fill="${INK}">${escapeXml(line)}</text>`,
    ),
    ...body,
    "</svg>",
    "",
  ].join("\n");
  return { svg, width, height };
}

export interface ColumnChartInput {
  title: string;
  /** One label a column (a day, an hour). */
  labels: readonly string[];
  values: readonly number[];
  /** Label every how many columns (1: every one). */
  labelEvery?: number;
  width?: number;
  height?: number;
}

/** Columns from zero, a value axis on the left with compact labels sized from the widest, labels below. */
export function columnChart(input: ColumnChartInput): SvgChart {
  const width = input.width ?? 720;
  const height = input.height ?? 320;
  const ticks = niceTicks(Math.max(0, ...input.values));
  const top = ticks.at(-1) ?? 1;
  const tickLabels = ticks.map(compactNumber);
  const left = 16 + Math.ceil(Math.max(...tickLabels.map((t) => textWidth(t, 12)))) + 8;
  const { top: plotTop } = titleLines(input.title, width);
  const plot = { x: left, y: plotTop, w: width - left - 16, h: height - plotTop - 36 };
  const y = (value: number) => plot.y + plot.h - (value / top) * plot.h;
  const body: string[] = [];
  ticks.forEach((tick, i) => {
    body.push(
      `<line x1="${n(plot.x)}" y1="${n(y(tick))}" x2="${n(plot.x + plot.w)}" y2="${n(y(tick))}" stroke="${GRID}"/>`,
      `<text x="${n(plot.x - 8)}" y="${n(y(tick) + 4)}" font-size="12" text-anchor="end" fill="${MUTED}">${escapeXml(tickLabels[i] ?? "")}</text>`,
    );
  });
  const count = input.values.length;
  const slot = count === 0 ? plot.w : plot.w / count;
  // At least every `labelEvery`, and never closer than the widest label needs.
  const widest = Math.max(0, ...input.labels.map((l) => textWidth(l, 12)));
  const every = Math.max(1, input.labelEvery ?? 1, Math.ceil((widest + 8) / slot));
  input.values.forEach((value, i) => {
    const x = plot.x + i * slot + slot * 0.15;
    const barTop = y(Math.max(0, value));
    body.push(
      `<rect x="${n(x)}" y="${n(barTop)}" width="${n(slot * 0.7)}" height="${n(plot.y + plot.h - barTop)}" fill="${BAR}"/>`,
    );
    if (i % every === 0)
      body.push(
        `<text x="${n(plot.x + i * slot + slot / 2)}" y="${n(plot.y + plot.h + 18)}" font-size="12" text-anchor="middle" fill="${MUTED}">${escapeXml(input.labels[i] ?? "")}</text>`,
      );
  });
  body.push(
    `<line x1="${n(plot.x)}" y1="${n(plot.y + plot.h)}" x2="${n(plot.x + plot.w)}" y2="${n(plot.y + plot.h)}" stroke="${INK}"/>`,
  );
  return frame(width, height, input.title, body);
}

export interface BarChartInput {
  title: string;
  rows: readonly { label: string; value: number }[];
  /** A value's text at the end of its bar. */
  format: (value: number) => string;
  width?: number;
}

/** Below this width a bar chart puts each label above its bar, not beside it. */
export const STACKED_BELOW = 480;

/**
 * One bar a row, largest first as given, labels on the left (sized from the longest), or above
 * each bar on a narrow chart; with a negative value the zero line moves right and those bars go
 * left, in another colour.
 */
export function barChart(input: BarChartInput): SvgChart {
  const width = input.width ?? 720;
  const stacked = width < STACKED_BELOW;
  const rowHeight = stacked ? 42 : 28;
  const { top } = titleLines(input.title, width);
  const height = top + input.rows.length * rowHeight + 12;
  const labels = input.rows.map((r) => r.label);
  const texts = input.rows.map((r) => input.format(r.value));
  const left = stacked ? 16 : 16 + Math.ceil(Math.max(0, ...labels.map((l) => textWidth(l, 13)))) + 10;
  const valueRoom = Math.ceil(Math.max(0, ...texts.map((t) => textWidth(t, 12)))) + 12;
  const max = Math.max(0, ...input.rows.map((r) => r.value));
  const min = Math.min(0, ...input.rows.map((r) => r.value));
  const span = max - min || 1;
  const plotW = width - left - 16 - valueRoom * (min < 0 ? 2 : 1);
  const zero = left + (min < 0 ? valueRoom : 0) + (-min / span) * plotW;
  const body: string[] = [];
  input.rows.forEach((row, i) => {
    const rowY = top + i * rowHeight;
    // Stacked: the label on a line of its own, the bar below it.
    const barY = stacked ? rowY + 19 : rowY + 5;
    const barW = (Math.abs(row.value) / span) * plotW;
    const x = row.value < 0 ? zero - barW : zero;
    body.push(
      stacked
        ? `<text x="${n(left)}" y="${n(rowY + 14)}" font-size="13" fill="${INK}">${escapeXml(labels[i] ?? "")}</text>`
        : `<text x="${n(left - 10)}" y="${n(rowY + 18)}" font-size="13" text-anchor="end" fill="${INK}">${escapeXml(labels[i] ?? "")}</text>`,
      `<rect x="${n(x)}" y="${n(barY)}" width="${n(barW)}" height="18" fill="${row.value < 0 ? BAR_DOWN : BAR}"/>`,
      row.value < 0
        ? `<text x="${n(x - 6)}" y="${n(barY + 13)}" font-size="12" text-anchor="end" fill="${MUTED}">${escapeXml(texts[i] ?? "")}</text>`
        : `<text x="${n(x + barW + 6)}" y="${n(barY + 13)}" font-size="12" fill="${MUTED}">${escapeXml(texts[i] ?? "")}</text>`,
    );
  });
  body.push(
    `<line x1="${n(zero)}" y1="${n(top - 4)}" x2="${n(zero)}" y2="${n(height - 8)}" stroke="${INK}"/>`,
  );
  return frame(width, height, input.title, body);
}
