import { type BingoCard, cardProblem, cardSchema } from "./card.ts";

/**
 * A card in a link (/bingo-card-creator?card=…, and the PNG's address): version 1 is the card as a
 * compact JSON array, [1, size, title, free centre 0|1, "background,cell,text,accent" without the
 * #s, [[text, tokens or 0], …]], in UTF-8, base64url without padding. Short enough for any link at
 * the largest card, and the version comes first so a later encoding can still read old links.
 * Decoding is strict: anything but a card that holds is refused with a sentence saying why.
 */

export const CARD_LINK_VERSION = 1;
/** The longest code accepted: a 5 × 5 card of 40-character squares in any script stays under it. */
export const CARD_CODE_MAX = 6000;

export const CODE_TOO_LONG_MESSAGE = `This card link is too long (at most ${CARD_CODE_MAX} characters): it was cut or changed.`;
export const CODE_UNREADABLE_MESSAGE = "This card link cannot be read: it was cut or changed.";
export const CODE_VERSION_MESSAGE =
  "This card link was made by a version of the creator this site cannot read.";
export const CODE_BAD_CARD_MESSAGE = "This card link holds a card that does not hold";

export type DecodedCard = { ok: true; card: BingoCard } | { ok: false; message: string };

function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(code: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(code) || code.length % 4 === 1) return null;
  const binary = atob(code.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

export function encodeCard(card: BingoCard): string {
  const { background, cell, text, accent } = card.colours;
  const compact = [
    CARD_LINK_VERSION,
    card.size,
    card.title,
    card.freeCentre ? 1 : 0,
    [background, cell, text, accent].map((c) => c.slice(1)).join(","),
    card.cells.map((c) => [c.text, c.tokens ?? 0]),
  ];
  return toBase64Url(new TextEncoder().encode(JSON.stringify(compact)));
}

function parseCompact(json: unknown): DecodedCard {
  if (!Array.isArray(json) || json[0] !== CARD_LINK_VERSION)
    return {
      ok: false,
      message:
        Array.isArray(json) && typeof json[0] === "number" ? CODE_VERSION_MESSAGE : CODE_UNREADABLE_MESSAGE,
    };
  const [, size, title, free, colours, cells] = json as unknown[];
  if (json.length !== 6 || typeof colours !== "string" || !Array.isArray(cells) || (free !== 0 && free !== 1))
    return { ok: false, message: CODE_UNREADABLE_MESSAGE };
  const [background, cell, text, accent, ...more] = colours.split(",").map((c) => `#${c}`);
  if (more.length > 0) return { ok: false, message: CODE_UNREADABLE_MESSAGE };
  const candidate = {
    size,
    title,
    freeCentre: free === 1,
    colours: { background, cell, text, accent },
    cells: cells.map((c: unknown) =>
      Array.isArray(c) && c.length === 2 ? { text: c[0], tokens: c[1] === 0 ? null : c[1] } : c,
    ),
  };
  const parsed = cardSchema.safeParse(candidate);
  return parsed.success
    ? { ok: true, card: parsed.data }
    : { ok: false, message: `${CODE_BAD_CARD_MESSAGE}: ${cardProblem(candidate)}` };
}

export function decodeCard(code: string): DecodedCard {
  if (code.length > CARD_CODE_MAX) return { ok: false, message: CODE_TOO_LONG_MESSAGE };
  const bytes = fromBase64Url(code);
  if (bytes === null) return { ok: false, message: CODE_UNREADABLE_MESSAGE };
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return { ok: false, message: CODE_UNREADABLE_MESSAGE };
  }
  return parseCompact(json);
}
