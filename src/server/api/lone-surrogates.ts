/** A UTF-16 surrogate not in a pair: with the u flag a pair is one code point, so only a lone one matches. */
const LONE_SURROGATE = /\p{Cs}/u;

export const hasLoneSurrogate = (text: string) => LONE_SURROGATE.test(text);

/** A place in the input: its key and its parent's place (the path is built only when needed). */
interface Place {
  value: unknown;
  key: string | number | null;
  parent: Place | null;
}

const pathOf = (place: Place | null): (string | number)[] => {
  const path: (string | number)[] = [];
  for (let p = place; p !== null && p.key !== null; p = p.parent) path.push(p.key);
  return path.reverse();
};

/**
 * Where the first lone UTF-16 surrogate sits in parsed input (a JSON body can carry "\ud800"; no
 * UTF-8 can): the path of the string holding it, or of the object whose key holds it, or null.
 * Such text cannot be stored: PostgreSQL refuses it in jsonb (a 500 before issue 27) and text
 * columns keep it as U+FFFD, silently changed. A loop with parent links, not recursion or copied
 * paths: a body nested thousands deep costs neither the stack nor quadratic time.
 */
export function loneSurrogatePath(input: unknown): (string | number)[] | null {
  const stack: Place[] = [{ value: input, key: null, parent: null }];
  for (let place = stack.pop(); place !== undefined; place = stack.pop()) {
    const { value } = place;
    if (typeof value === "string") {
      if (hasLoneSurrogate(value)) return pathOf(place);
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], key: i, parent: place });
    } else if (typeof value === "object" && value !== null) {
      const entries = Object.entries(value);
      if (entries.some(([key]) => hasLoneSurrogate(key))) return pathOf(place);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i] as [string, unknown];
        stack.push({ value: child, key, parent: place });
      }
    }
  }
  return null;
}
