import type { HeadersFunction, LinksFunction } from "react-router";
import { useLoaderData, useRouteLoaderData } from "react-router";
import type { PageLoaderArgs } from "../../lib/page-loader.ts";
import { dataPageMeta, pageMeta, titled } from "../../lib/seo.ts";
import type { loader as rootLoader } from "../../root.tsx";
import { loadNamePicker } from "./load.server.ts";
import pageCss from "./namepicker.css?url";
import { NamePickerPage } from "./namepicker-page.tsx";
import { NAMEPICKER_CACHE_CONTROL, namepickerPath } from "./page-data.ts";

/** /namepicker and /namepicker/{name} (SPEC §2), one module for both; ?words= asks for suggestions. */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: pageCss }];

export function loader(args: PageLoaderArgs) {
  return loadNamePicker(args);
}

/** The same answer for everyone; kept a minute, as a newly seen performer can take a name. */
export const headers: HeadersFunction = () => ({ "cache-control": NAMEPICKER_CACHE_CONTROL });

export const meta = dataPageMeta<typeof loader>((data, site, platform) => {
  const { check } = data;
  if (check === null)
    return pageMeta(site, {
      title: titled("Name picker: check and find a free username"),
      description: `Check whether a username is free on ${platform}, see the closest taken names, and get free names made from a few words.`,
      path: "/namepicker",
    });
  return pageMeta(site, {
    title: titled(`Is ${check.name} taken? Name picker`),
    description:
      check.kind === "free"
        ? `${check.name} is available: no performer on ${platform} we have seen uses it.`
        : check.kind === "taken"
          ? `${check.name} is taken on ${platform}. See the closest taken names and free names like it.`
          : `${check.name} cannot be a username on ${platform}.`,
    path: check.kind === "invalid" ? "/namepicker" : namepickerPath(check.name),
    noindex: check.kind === "invalid",
  });
});

export { RouteErrorBoundary as ErrorBoundary } from "../../components/error-page.tsx";

export default function NamePicker() {
  const data = useLoaderData<typeof loader>();
  const platform = useRouteLoaderData<typeof rootLoader>("root")?.platformName ?? "the platform";
  return <NamePickerPage data={data} platform={platform} />;
}
