import { describe, expect, it } from "vitest";
import { BUTTON_SIZE, buttonSvg, TROPHY_SIZE, trophySvg } from "./images.ts";
import { BUTTON_NETWORKS } from "./networks.ts";
import { TROPHIES } from "./trophies.ts";

/** A well-formedness check of our flat SVG: every tag closed in order, attributes quoted, text escaped. */
function wellFormed(svg: string): boolean {
  const open: string[] = [];
  const tags = svg
    .replace(/\n$/, "")
    .split(/(<[^>]*>)/)
    .filter((s) => s !== "");
  for (const part of tags) {
    if (!part.startsWith("<")) {
      if (/[<>&](?!(amp|lt|gt|quot|apos);)/.test(part)) return false;
      continue;
    }
    const m = /^<(\/?)([a-zA-Z]+)((?:\s+[a-zA-Z:-]+="[^"<]*")*)\s*(\/?)>$/.exec(part);
    if (m === null) return false;
    if (m[1] === "/") {
      if (open.pop() !== m[2]) return false;
    } else if (m[4] !== "/") open.push(m[2] ?? "");
  }
  return open.length === 0;
}

describe("the button and trophy drawings", () => {
  it("are well-formed SVG of their size, with a title and no script, style or outside reference", () => {
    const drawings = [
      ...BUTTON_NETWORKS.map((n) => ({ svg: buttonSvg(n, 'Test"Cams <&>'), size: BUTTON_SIZE })),
      ...TROPHIES.map((t) => ({ svg: trophySvg(t), size: TROPHY_SIZE })),
    ];
    for (const { svg, size } of drawings) {
      expect(wellFormed(svg), svg).toBe(true);
      expect(svg).toMatch(
        new RegExp(
          `^<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" viewBox="0 0 ${size.width} ${size.height}"`,
        ),
      );
      expect(svg).toContain("<title>");
      expect(svg).not.toMatch(/<script|<style|href=|url\(|on[a-z]+=/i);
    }
    expect(buttonSvg("room", 'Test"Cams <&>')).toContain("<title>Test&quot;Cams &lt;&amp;&gt; room</title>");
  });
});
