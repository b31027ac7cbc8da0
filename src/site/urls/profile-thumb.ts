/**
 * SPEC §7: a performer's profile thumbnail, /profile/{username}-thumb.jpg (decision 0023). With the
 * kept file's hash, the address changes when the thumbnail does, so a day's cache never shows an
 * old one on the page that links it.
 */
export function profileThumbPath(username: string, hash?: string): string {
  const path = `/profile/${encodeURIComponent(username)}-thumb.jpg`;
  return hash === undefined ? path : `${path}?v=${encodeURIComponent(hash.slice(0, 12))}`;
}

/** The username a profile thumbnail's file name (the path's last segment) names, or null. */
export function usernameOfThumbFile(file: string): string | null {
  return /^(.+)-thumb\.jpg$/.exec(file)?.[1] ?? null;
}
