/**
 * Whether a hostile URL path segment may be sent as one: "." and ".." are dot segments, which
 * every client resolves into another path before asking (RFC 3986, 5.2.4), and so does the page
 * renderer: /tipmenu/./.. is the home page. A property test of one route leaves them out.
 */
export function notDotSegment(segment: string): boolean {
  return segment !== "." && segment !== "..";
}
