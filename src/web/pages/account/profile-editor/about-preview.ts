import { BANNED_WORD, bioForDisplay } from "../../../lib/profile/bio-text.ts";

const BANNED = new RegExp(`\\b${BANNED_WORD}\\b`, "i");
const BANNED_ALL = new RegExp(BANNED.source, "gi");
const MASK = "*".repeat(BANNED_WORD.length);

/** The about-me as the pages will show it (SPEC §5), and what the rules changed, for the editor to say. */
export function aboutPreview(text: string): {
  shown: string | null;
  masked: boolean;
  addressesRemoved: boolean;
} {
  const shown = bioForDisplay(text);
  const plain = text.replace(/[ \t]{2,}/g, " ").trim();
  if (shown === null) return { shown, masked: false, addressesRemoved: false };
  return {
    shown,
    masked: BANNED.test(plain),
    // With the masked word left out of both, any other difference is an address taken out.
    addressesRemoved: shown.replaceAll(MASK, "") !== plain.replace(BANNED_ALL, ""),
  };
}
