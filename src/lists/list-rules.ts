import { randomBytes } from "node:crypto";

/** Issue 18's limits: lists a user, performers a list, and the texts' lengths (plain text always). */
export const MAX_LISTS_PER_USER = 100;
export const MAX_PERFORMERS_PER_LIST = 1000;
export const LIST_NAME_MAX = 80;
export const LIST_DESCRIPTION_MAX = 500;

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
export const LIST_ID_LENGTH = 12;
export const LIST_ID_PATTERN = /^[0-9A-Za-z]{12}$/;

/**
 * A new list id: 12 base62 characters from the system's random source (about 71 bits), short in a
 * URL and not guessable (decision 0020). Bytes of 248 and above are dropped so every character is
 * equally likely.
 */
export function newListId(): string {
  let id = "";
  while (id.length < LIST_ID_LENGTH) {
    for (const byte of randomBytes(16)) {
      if (byte < 248 && id.length < LIST_ID_LENGTH) id += BASE62[byte % 62];
    }
  }
  return id;
}
