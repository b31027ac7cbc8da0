import type { Config } from "../config.ts";

/** The site's public origin: PUBLIC_URL, or this machine's address at PORT. */
export const siteOriginOf = (config: Pick<Config, "PUBLIC_URL" | "PORT">): string =>
  config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
