import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { barChart, columnChart, compactNumber, escapeXml, groupDigits, niceTicks } from "./report-svg.ts";

const HOSTILE = `<script>alert("x")</script> & 'quotes' ]]> <!--`;

describe("the reports' SVG charts", () => {
  it("escape every text, and carry nothing that runs", () => {
    expect(escapeXml(`<a href="x">&'`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&apos;");
    const bars = barChart({ title: HOSTILE, rows: [{ label: HOSTILE, value: 5 }], format: () => HOSTILE });
    const columns = columnChart({ title: HOSTILE, labels: [HOSTILE], values: [3] });
    for (const { svg } of [bars, columns]) {
      expect(svg).not.toContain("<script");
      expect(svg).not.toMatch(/\son[a-z]+=|href=|<!--|]]>/i);
      expect(svg).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &apos;quotes&apos;");
    }
  });

  it("are well-formed SVG of the size they say (an SVG renderer reads them)", async () => {
    const charts = [
      columnChart({
        title: "Hours",
        labels: ["00", "01", "02"],
        values: [1_200, 3_250_000, 0],
        labelEvery: 1,
      }),
      barChart({
        title: "Tags",
        rows: [
          { label: "#grew", value: 12.5 },
          { label: "#fell", value: -4 },
        ],
        format: (v) => groupDigits(v, 1),
      }),
      columnChart({ title: "Nothing yet", labels: [], values: [] }),
    ];
    for (const chart of charts) {
      const meta = await sharp(Buffer.from(chart.svg)).metadata();
      expect(meta.format).toBe("svg");
      expect([meta.width, meta.height]).toEqual([chart.width, chart.height]);
    }
  });

  it("put a narrow bar chart's labels above its bars, and break a long title between words", () => {
    const narrow = barChart({
      title: "Share of performer-days by country, October 2026",
      rows: [{ label: "United States", value: 60 }],
      format: String,
      width: 360,
    });
    expect(narrow.svg).toContain(
      '<text x="16" y="24" font-size="15" font-weight="700" fill="#1f2430">Share of performer-days by</text>',
    );
    expect(narrow.svg).toContain(">country, October 2026</text>");
    // The label starts at the left edge, on its own line above the bar.
    expect(narrow.svg).toMatch(/<text x="16" y="[\d.]+" font-size="13" fill="#1f2430">United States<\/text>/);
    const wide = barChart({ title: "Share", rows: [{ label: "United States", value: 60 }], format: String });
    expect(wide.svg).toMatch(/text-anchor="end" fill="#1f2430">United States</);
  });

  it("draw the same bytes from the same figures", () => {
    const input = { title: "Viewers", labels: ["1", "2", "3"], values: [10.25, 20, 30.75] };
    expect(columnChart(input).svg).toBe(columnChart({ ...input }).svg);
    const rows = [
      { label: "a", value: 1 / 3 },
      { label: "b", value: 2 / 3 },
    ];
    expect(barChart({ title: "x", rows, format: String }).svg).toBe(
      barChart({ title: "x", rows, format: String }).svg,
    );
  });

  it("label the value axis with round, distinct, compact ticks", () => {
    expect(niceTicks(3_250_000)).toEqual([0, 1_000_000, 2_000_000, 3_000_000, 4_000_000]);
    expect(niceTicks(4)).toEqual([0, 1, 2, 3, 4]);
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(3_250_000).map(compactNumber)).toEqual(["0", "1M", "2M", "3M", "4M"]);
    expect([950, 1_200, 20_000, 3_250_000, -1_500].map(compactNumber)).toEqual([
      "950",
      "1.2k",
      "20k",
      "3.3M",
      "−1.5k",
    ]);
    expect([12_345, 0, -1_234_567].map((v) => groupDigits(v))).toEqual(["12,345", "0", "−1,234,567"]);
    expect(groupDigits(12.345, 1)).toBe("12.3");
  });
});
