/**
 * The advance widths of the card's one font, DejaVu Sans Condensed Bold (the file the PNG renderer
 * bundles: src/images/bingo-card-png.ts), in thousandths of the font size, read from the font's
 * hmtx table for U+0020 to U+017F (Basic Latin, Latin-1 and Latin Extended-A; -1: a control
 * character, which no card holds). The layout measures text with them, so the page's preview and the
 * server's PNG wrap and shrink a text the same way without a font engine in the browser; a test
 * renders text with the font and checks that these widths are never narrower than the drawing.
 */
export const GLYPH_WIDTH_FIRST = 0x20;
export const GLYPH_WIDTHS: readonly number[] = [
  313, 411, 469, 754, 626, 902, 785, 276, 412, 412, 471, 754, 342, 374, 342, 329, 626, 626, 626, 626, 626,
  626, 626, 626, 626, 626, 360, 360, 754, 754, 754, 522, 900, 697, 686, 661, 748, 615, 615, 739, 753, 335,
  335, 698, 574, 896, 753, 765, 660, 765, 693, 648, 614, 731, 697, 993, 694, 652, 653, 412, 329, 412, 754,
  450, 450, 607, 645, 534, 645, 611, 392, 645, 641, 309, 309, 599, 309, 938, 641, 619, 645, 645, 444, 536,
  431, 641, 587, 832, 581, 587, 524, 641, 329, 641, 754, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
  -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 313, 411, 626, 626, 573,
  626, 329, 450, 450, 900, 508, 582, 754, 374, 900, 450, 450, 754, 395, 395, 450, 663, 573, 342, 450, 395,
  508, 582, 932, 932, 932, 522, 697, 697, 697, 697, 697, 697, 977, 661, 615, 615, 615, 615, 335, 335, 335,
  335, 754, 753, 765, 765, 765, 765, 765, 754, 765, 731, 731, 731, 731, 652, 664, 647, 607, 607, 607, 607,
  607, 607, 943, 534, 611, 611, 611, 611, 309, 309, 309, 309, 619, 641, 619, 619, 619, 619, 619, 754, 619,
  641, 641, 641, 641, 587, 645, 587, 697, 607, 697, 607, 697, 607, 661, 534, 661, 534, 661, 534, 661, 534,
  748, 645, 754, 645, 615, 611, 615, 611, 615, 611, 615, 611, 615, 611, 739, 645, 739, 645, 739, 645, 739,
  645, 753, 641, 876, 711, 335, 309, 335, 309, 335, 309, 335, 309, 335, 309, 670, 617, 335, 309, 698, 599,
  599, 574, 309, 574, 309, 574, 432, 574, 501, 578, 334, 753, 641, 753, 641, 753, 641, 885, 753, 641, 765,
  619, 765, 619, 765, 619, 1051, 985, 693, 444, 693, 444, 693, 444, 648, 536, 648, 536, 648, 536, 648, 536,
  614, 431, 614, 431, 614, 431, 731, 641, 731, 641, 731, 641, 731, 641, 731, 641, 731, 641, 993, 832, 652,
  587, 652, 653, 524, 653, 524, 653, 524, 392,
];

/**
 * Any character beyond the table: an em, wider than most glyphs of the font (a few are wider still,
 * and characters it lacks are drawn as its narrower missing-glyph box), so text rarely overflows.
 */
export const FALLBACK_WIDTH = 1000;

/** The width of `text` at font size 1. */
export function textWidth(text: string): number {
  let total = 0;
  for (const char of text) {
    const width = GLYPH_WIDTHS[(char.codePointAt(0) ?? 0) - GLYPH_WIDTH_FIRST];
    total += width === undefined || width < 0 ? FALLBACK_WIDTH : width;
  }
  return total / 1000;
}
