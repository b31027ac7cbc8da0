import { textWidth } from "./glyph-widths.ts";

/** Lines are this many font sizes apart. */
export const LINE_HEIGHT = 1.15;

export interface FittedText {
  size: number;
  lines: string[];
}

const ELLIPSIS = "…";

/** Rounded so that the SVG's numbers, and so the PNG's bytes, never depend on float noise. */
export const round2 = (n: number) => Math.round(n * 100) / 100;

/** Breaks a word wider than a line into pieces that fit (at least one character each). */
function splitWord(word: string, width: number): string[] {
  const pieces: string[] = [];
  let piece = "";
  for (const char of word) {
    if (piece !== "" && textWidth(piece + char) > width) {
      pieces.push(piece);
      piece = "";
    }
    piece += char;
  }
  if (piece !== "") pieces.push(piece);
  return pieces;
}

/** Greedy wrap of the words into lines no wider than `width` (in font sizes). */
export function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter((w) => w !== "")) {
    for (const piece of textWidth(word) > width ? splitWord(word, width) : [word]) {
      const joined = line === "" ? piece : `${line} ${piece}`;
      if (line !== "" && textWidth(joined) > width) {
        lines.push(line);
        line = piece;
      } else line = joined;
    }
  }
  if (line !== "") lines.push(line);
  return lines;
}

/** The last line cut to fit `width` with an ellipsis after it. */
function withEllipsis(line: string, width: number): string {
  let cut = line;
  while (cut !== "" && textWidth(cut + ELLIPSIS) > width) cut = [...cut].slice(0, -1).join("");
  return cut.trimEnd() + ELLIPSIS;
}

/**
 * The largest font size from `maxSize` down to `minSize` (in steps of a tenth) at which the text,
 * wrapped at word boundaries with no word split, fits the box; at `minSize` what does not fit is cut with an ellipsis.
 */
export function fitText(
  text: string,
  box: { width: number; height: number },
  maxSize: number,
  minSize: number,
): FittedText {
  // A word is split only when even the smallest size cannot hold it whole.
  const widest = Math.max(0, ...text.split(/\s+/).map(textWidth));
  for (let size = maxSize; size > minSize; size *= 0.9) {
    if (widest * size > box.width) continue;
    const lines = wrapWords(text, box.width / size);
    if (lines.length * size * LINE_HEIGHT <= box.height) return { size: round2(size), lines };
  }
  const lines = wrapWords(text, box.width / minSize);
  const room = Math.max(1, Math.floor(box.height / (minSize * LINE_HEIGHT)));
  if (lines.length <= room) return { size: round2(minSize), lines };
  const kept = lines.slice(0, room);
  kept[room - 1] = withEllipsis(kept[room - 1] ?? "", box.width / minSize);
  return { size: round2(minSize), lines: kept };
}
