import type { HeadersFunction } from "react-router";
import { accountPageHeaders, accountPageMeta, titled } from "../../lib/seo.ts";
import { ImportPage } from "./import-page.tsx";

export const headers: HeadersFunction = accountPageHeaders;

export function loader() {
  return null;
}

export const meta = accountPageMeta(() => ({
  title: titled("Import a list"),
  description: "Import usernames or your favourites export into one of your performer lists.",
  path: "/lists/import",
}));

/** /lists/import (SPEC §2). */
export default function ListImport() {
  return <ImportPage />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../../components/error-page.tsx";
