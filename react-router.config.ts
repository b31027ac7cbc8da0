import type { Config } from "@react-router/dev/config";

/**
 * The pages: React Router in framework mode, rendered on the server by the Fastify app
 * (src/server/pages.ts), never by a server of React Router's own. Built by
 * scripts/ensure-web-build.mjs whenever src/web or this file is newer than the build.
 */
export default {
  appDirectory: "src/web",
  buildDirectory: "build/web",
  ssr: true,
} satisfies Config;
