import type { HeadersFunction, LinksFunction } from "react-router";
import { useLoaderData } from "react-router";
import type { PageLoaderArgs } from "../../lib/page-loader.ts";
import { errorMeta, type PageMetaFunction, pageMeta, siteOf, titled } from "../../lib/seo.ts";
import { loadSocialPage } from "./load.server.ts";
import { SOCIALMEDIA_CACHE_CONTROL, type SocialTool } from "./page-data.ts";
import pageCss from "./socialmedia.css?url";
import { SocialMediaPage } from "./socialmedia-page.tsx";

/**
 * /socialmedia[/{user}[/{trophy}]] and /social-media-buttons[/{user}] (SPEC §2): one module, the
 * tool read from the address's first segment.
 */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: pageCss }];

const toolOf = (request: Request): SocialTool =>
  new URL(request.url).pathname.startsWith("/social-media-buttons") ? "buttons" : "editor";

export function loader(args: PageLoaderArgs) {
  return loadSocialPage(toolOf(args.request), args);
}

export const headers: HeadersFunction = () => ({ "cache-control": SOCIALMEDIA_CACHE_CONTROL });

export const meta: PageMetaFunction<typeof loader> = ({ data, error, matches, location }) => {
  if (error || !data) return errorMeta(error);
  const site = siteOf(matches);
  const platform = site?.platformName ?? "the platform";
  const editor = data.tool === "editor";
  const name = editor ? "Social media profile editor" : "Social media buttons";
  const who = data.performer?.username;
  return pageMeta(site, {
    title: titled(who === undefined ? name : `${name} for ${who}`),
    description: editor
      ? `Buttons for your networks and the rank trophies you earned, ready for your ${platform} room bio: pick, preview, copy.`
      : `Buttons for your networks, ready for your ${platform} room bio: type your handles, preview, copy the HTML.`,
    path: data.path,
    // A performer's own variant says little a search needs; a refused name or a sent form, nothing.
    noindex: who !== undefined || data.problem !== null || location.search !== "",
  });
};

export { RouteErrorBoundary as ErrorBoundary } from "../../components/error-page.tsx";

export default function SocialMedia() {
  const data = useLoaderData<typeof loader>();
  // A new address (another performer, a sent form) starts from its own choices.
  return <SocialMediaPage key={`${data.path}|${JSON.stringify(data.state)}`} data={data} />;
}
