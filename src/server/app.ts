import Fastify, { type FastifyInstance } from "fastify";
import type { Db } from "../db/connect.ts";
import { registerHealth } from "./routes/health.ts";
import { registerPublishedFiles } from "./routes/published-files.ts";

export interface AppOptions {
  db: Db;
  /** Where the published JSON files live (PUBLISH_DIR). */
  publishDir: string;
  logger?: boolean | { level: string };
}

/** The site's HTTP server. Routes are added per issue; each route file registers its own paths. */
export function buildApp(options: AppOptions): FastifyInstance {
  const app = Fastify({ logger: options.logger ?? false, trustProxy: false });
  registerHealth(app, options.db);
  registerPublishedFiles(app, options.publishDir);
  return app;
}
