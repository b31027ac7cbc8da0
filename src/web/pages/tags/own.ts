/**
 * A record's own entry for a key, or undefined: a tag is a key from the address, and "__proto__"
 * or "constructor" must find nothing rather than what every object inherits.
 */
export function own<T>(record: Readonly<Record<string, T>> | null | undefined, key: string): T | undefined {
  return record != null && Object.hasOwn(record, key) ? record[key] : undefined;
}
