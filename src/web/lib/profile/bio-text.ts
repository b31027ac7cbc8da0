/**
 * SPEC §5's rules for showing a bio (the about-me text): web addresses removed, one banned word
 * masked, cut to 125 characters with '...' when a cut is asked for, and not shown at all when it
 * holds closing tags or anchor tags. The stored text is already cleaned of control characters
 * (src/collect/bio-text.ts); these are display rules, applied where it is shown.
 */
export const BIO_CUT_CHARS = 125;

/**
 * The one banned word. The SPEC names none; off-platform contact is what cam platforms forbid
 * performers to advertise, so it is the messenger's name, masked letter for letter.
 */
export const BANNED_WORD = "skype";

const TAGS = /<\s*\/|<\s*a[\s>]/i;
const ADDRESS =
  /\b(?:https?:\/\/|www\.)[^\s<>"]+|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|io|me|tv|co|info|link|ly)\b(?:\/[^\s<>"]*)?/gi;
const BANNED = new RegExp(`\\b${BANNED_WORD}\\b`, "gi");

/** The text to show, or null when there is nothing to show (empty, or tags that hide it whole). */
export function bioForDisplay(aboutMe: string | null, options: { cut?: boolean } = {}): string | null {
  if (aboutMe === null || TAGS.test(aboutMe)) return null;
  const text = aboutMe
    .replace(ADDRESS, "")
    .replace(BANNED, (word) => "*".repeat(word.length))
    .replace(/[ \t]{2,}/g, " ")
    .trim();
  if (text === "") return null;
  const chars = Array.from(text);
  if (!options.cut || chars.length <= BIO_CUT_CHARS) return text;
  return `${chars.slice(0, BIO_CUT_CHARS).join("")}...`;
}
