/** What the page tests ask with and read of a page's HTML. */

/** A browser's User-Agent: the pages answer it as a visitor, not as a crawler (SPEC §6). */
export const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";

/** A page's words: tags become spaces, whitespace one space, React's text separators and &#x27; undone. */
export const text = (html: string) =>
  html
    .replaceAll("<!-- -->", "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .replaceAll("&#x27;", "'");

/** The page's canonical address. */
export const canonical = (html: string) => /<link rel="canonical" href="([^"]*)"\/>/.exec(html)?.[1];
