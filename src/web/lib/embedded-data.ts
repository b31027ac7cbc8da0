/**
 * A page's data travels inside its HTML (SPEC §5, §8): the server writes it as JSON into a
 * `<script type="application/json">` element, and the client reads it back instead of fetching it
 * again. The rule: the embedded text is used when it is at least 20 characters long and parses as
 * JSON; otherwise the failure is logged to the console and the data is fetched as if nothing had
 * been embedded.
 */

/** SPEC §5: shorter embedded text is treated as missing. */
export const EMBEDDED_MIN_LENGTH = 20;

export type EmbeddedRead<T> = { ok: true; data: T } | { ok: false; reason: string };

/**
 * The JSON to put inside the script element. `<` is escaped so that no string in the data can
 * close the element (`</script>`) or open a comment; U+2028 and U+2029 are escaped for old
 * parsers. JSON.parse reads the escapes back to the same characters.
 */
export function serializeEmbeddedData(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * Reads embedded text by the rule. `isValid` may check the parsed value's shape: JSON that parses
 * but is not the page's data counts as a failure too.
 */
export function readEmbeddedData<T>(
  text: string | null | undefined,
  isValid?: (value: unknown) => value is T,
): EmbeddedRead<T> {
  if (text == null || text.length === 0) return { ok: false, reason: "no embedded data" };
  if (text.length < EMBEDDED_MIN_LENGTH) {
    return { ok: false, reason: `embedded data too short (${text.length} characters)` };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: `embedded data is not JSON: ${(error as Error).message}` };
  }
  if (isValid && !isValid(value)) return { ok: false, reason: "embedded data has the wrong shape" };
  return { ok: true, data: value as T };
}

export interface EmbeddedOrFetchOptions<T> {
  isValid?: (value: unknown) => value is T;
  /** Where a failure is reported; the console by default (SPEC §8: logged, no user message). */
  log?: (message: string) => void;
}

/**
 * The page's data: the embedded copy when it passes the rule, else `fetchData()`. A page with
 * nothing embedded (the element missing) fetches quietly: only a copy that is present and broken
 * is worth a console line.
 */
export async function embeddedOrFetch<T>(
  text: string | null | undefined,
  fetchData: () => Promise<T>,
  options: EmbeddedOrFetchOptions<T> = {},
): Promise<T> {
  const read = readEmbeddedData(text, options.isValid);
  if (read.ok) return read.data;
  if (text != null) (options.log ?? console.error)(`${read.reason}; fetching the data instead`);
  return fetchData();
}

/** The embedded text of the script element with this id, in the browser; null on the server. */
export function embeddedText(elementId: string): string | null {
  if (typeof document === "undefined") return null;
  return document.getElementById(elementId)?.textContent ?? null;
}
