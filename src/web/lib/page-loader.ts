import type { LoaderFunctionArgs } from "react-router";
import type { PageContext } from "../../page-context.ts";

/**
 * A page loader's arguments. Without React Router's typegen (or its middleware flag) the load
 * context would be `any`; this names what the server passes (src/page-context.ts).
 */
export type PageLoaderArgs = LoaderFunctionArgs<PageContext>;
