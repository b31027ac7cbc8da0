import { SITE_NAME } from "../../site/site-settings.ts";
import { type ButtonNetwork, NETWORK_RULES, ROOM_BUTTON } from "./networks.ts";
import type { Trophy } from "./trophies.ts";

/**
 * The buttons and trophies as SVG, drawn here: a coloured pill with a round mark of one or two
 * letters for each network (no network's logo is copied), and a medal for each trophy. Shapes and
 * text only, no style element, no external reference, so the same string is a valid file, an image
 * in any page, and sharp's input for the PNG (src/server/social-images.ts).
 */

export const BUTTON_SIZE = { width: 180, height: 44 } as const;
export const TROPHY_SIZE = { width: 128, height: 128 } as const;
/** The PNGs are drawn at twice the size, sharp on high-density screens; the block shows them at 1×. */
export const PNG_SCALE = 2;

/** A sans-serif most systems have; the PNG renderer finds DejaVu or Liberation on the server. */
const FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif";

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "apos" }[c]};`);

/** The font size at which a line of bold text fits `max` pixels, at most `size`. */
function fitSize(content: string, size: number, max: number): number {
  // A bold sans glyph is at most about 0.7 of the size wide on average (DejaVu Sans Bold's is).
  return Math.min(size, Math.floor((max / (Math.max(1, [...content].length) * 0.7)) * 10) / 10);
}

/**
 * A line of bold text, made smaller when its width at this size would pass `max` pixels (PNG
 * renderers ignore textLength, so the size itself is what fits it).
 */
function text(
  content: string,
  at: { x: number; y: number; size: number; max: number; fill: string; anchor?: "start" | "middle" },
): string {
  const size = fitSize(content, at.size, at.max);
  return (
    `<text x="${at.x}" y="${at.y}" font-family="${FONT}" font-size="${size}" font-weight="700" ` +
    `fill="${at.fill}" text-anchor="${at.anchor ?? "start"}">${escapeXml(content)}</text>`
  );
}

function svg(size: { width: number; height: number }, label: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" ` +
    `viewBox="0 0 ${size.width} ${size.height}" role="img" aria-label="${escapeXml(label)}">` +
    `<title>${escapeXml(label)}</title>${body}</svg>\n`
  );
}

/** The button's label: the network's name, or the platform room's. */
export function buttonLabel(network: ButtonNetwork, platformName: string): string {
  return network === "room" ? `${platformName} room` : NETWORK_RULES[network].label;
}

export function buttonSvg(network: ButtonNetwork, platformName: string): string {
  const { width, height } = BUTTON_SIZE;
  const look = network === "room" ? ROOM_BUTTON : NETWORK_RULES[network];
  const label = buttonLabel(network, platformName);
  const r = height / 2;
  const body =
    `<rect width="${width}" height="${height}" rx="${r}" fill="${look.colour}"/>` +
    `<circle cx="${r}" cy="${r}" r="${r - 7}" fill="#ffffff"/>` +
    text(look.mark, {
      x: r,
      y: r + 5,
      size: look.mark.length > 1 ? 13 : 15,
      max: 26,
      fill: look.colour,
      anchor: "middle",
    }) +
    text(label, { x: height + 2, y: r + 5.5, size: 15, max: width - height - 14, fill: "#ffffff" });
  return svg(BUTTON_SIZE, label, body);
}

/** The medal's colours: gold, silver and bronze for the first three ranks, the brand's for the rest. */
function trophyColours(trophy: Trophy): { fill: string; ring: string } {
  if (trophy.kind === "viewers") return { fill: "#4b3590", ring: "#8f7bd6" };
  return (
    {
      1: { fill: "#a67c00", ring: "#e7c24a" },
      2: { fill: "#5f6b78", ring: "#c3cbd4" },
      3: { fill: "#8a4b1f", ring: "#d39562" },
    }[trophy.threshold] ?? { fill: "#b4235a", ring: "#f08fb3" }
  );
}

/** The trophy's words in at most two lines ("The Establishment" is two, "Unicorn" one). */
function nameLines(name: string): string[] {
  const words = name.split(" ");
  if (words.length === 1) return words;
  const half = Math.ceil(words.length / 2);
  return [words.slice(0, half).join(" "), words.slice(half).join(" ")];
}

const STAR = "M64 18l5.3 10.8 11.9 1.7-8.6 8.4 2 11.8L64 45.1l-10.6 5.6 2-11.8-8.6-8.4 11.9-1.7z";

export function trophySvg(trophy: Trophy): string {
  const c = TROPHY_SIZE.width / 2;
  const { fill, ring } = trophyColours(trophy);
  const medal =
    `<circle cx="${c}" cy="${c}" r="${c - 2}" fill="${ring}"/>` +
    `<circle cx="${c}" cy="${c}" r="${c - 9}" fill="${fill}"/>`;
  let inner: string;
  if (trophy.kind === "rank") {
    const digits = String(trophy.threshold).length;
    inner =
      text("TOP", { x: c, y: 50, size: 16, max: 60, fill: "#ffffff", anchor: "middle" }) +
      text(String(trophy.threshold), {
        x: c,
        y: 88,
        size: [44, 44, 36, 30][digits - 1] ?? 30,
        max: 84,
        fill: "#ffffff",
        anchor: "middle",
      });
  } else {
    const lines = nameLines(trophy.name);
    // One size for both lines, the one the longer needs.
    const size = Math.min(...lines.map((line) => fitSize(line, 16, 100)));
    inner =
      `<path d="${STAR}" fill="#ffd34d"/>` +
      lines
        .map((line, i) =>
          text(line, {
            x: c,
            y: lines.length === 1 ? 78 : 72 + i * 18,
            size,
            max: 100,
            fill: "#ffffff",
            anchor: "middle",
          }),
        )
        .join("");
  }
  const site = text(SITE_NAME, { x: c, y: 110, size: 10, max: 60, fill: "#ffffff", anchor: "middle" });
  return svg(TROPHY_SIZE, `${trophy.name} on ${SITE_NAME}`, medal + inner + site);
}
