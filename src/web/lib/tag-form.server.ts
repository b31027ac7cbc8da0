import { redirect } from "react-router";

/**
 * The query parameters the ranking pages share without scripts: 'Live only' as `?live`, and the
 * tag picker as a GET form sending `?tag=`, which the loader answers with the tag's own address.
 */

/** SPEC §4: the 'live' query parameter turns 'Live only' on at first; "0" and "false" say no. */
export function liveParam(url: URL): boolean {
  const value = url.searchParams.get("live");
  return value !== null && value !== "0" && value !== "false";
}

/**
 * The tag the picker's form sent: undefined when the address has no `?tag=`, null for an empty
 * one (no tag), else lowercased without a leading '#' (SPEC §5: the picker is case-insensitive).
 */
export function pickedTag(url: URL): string | null | undefined {
  const picked = url.searchParams.get("tag");
  if (picked === null) return undefined;
  const tag = picked.trim().toLowerCase().replace(/^#+/, "");
  return tag === "" ? null : tag;
}

/** The picked tag's address, keeping 'Live only'; 303: the form's GET becomes a plain page view. */
export function tagFormRedirect(path: string, from: URL): Response {
  return redirect(liveParam(from) ? `${path}?live=1` : path, 303);
}
