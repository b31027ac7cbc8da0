/** The most text and names one import takes (issue 18's import page; the API says so in its errors). */
export const FAVORITES_MAX_CHARACTERS = 200_000;
export const FAVORITES_MAX_NAMES = 5_000;

/** What the platform allows in a username, as the API's performer name parameter checks it. */
const USERNAME = /^[a-z0-9_][a-z0-9_.-]{0,63}$/;

export interface FavoritesNames {
  /** Every distinct name, lowercased, in the order first given. */
  names: string[];
  /** Names given more than once (each once, in order of their first repeat). */
  duplicates: string[];
  /** Pieces that cannot be a username (kept as given, so the page can show them). */
  invalid: string[];
}

/**
 * The usernames in pasted text or an uploaded file: names or the platform's room addresses
 * (`https://host/name/`, the favourites export's lines), separated by white space, commas or
 * semicolons; a leading @ is dropped. Lowercased, as usernames are on the platform.
 */
export function favoritesNames(text: string): FavoritesNames {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  const invalid: string[] = [];
  for (const piece of text.split(/[\s,;]+/u)) {
    if (piece === "") continue;
    const name = nameOf(piece);
    if (name === null) {
      invalid.push(piece.length > 80 ? `${piece.slice(0, 80)}…` : piece);
    } else if (seen.has(name)) {
      repeated.add(name);
    } else {
      seen.add(name);
    }
  }
  return { names: [...seen], duplicates: [...repeated], invalid };
}

/** A piece's username: itself, or an address's last path segment; null when it cannot be one. */
function nameOf(piece: string): string | null {
  let candidate = piece.replace(/^["'(]+|["')]+$/gu, "").replace(/^<(.+:\/\/.+)>$/u, "$1");
  if (candidate.includes("/")) {
    const path = candidate.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/iu, "").split(/[?#]/u)[0] ?? "";
    const segments = path.split("/").filter((s) => s !== "");
    candidate = segments.at(-1) ?? "";
  }
  candidate = candidate.replace(/^@/u, "").toLowerCase();
  return USERNAME.test(candidate) ? candidate : null;
}
