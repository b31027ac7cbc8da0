import type { Config } from "../config.ts";
import type { GoogleClient } from "../identity/auth.ts";
import type { Logger } from "../log.ts";
import type { DevToolsRule } from "../site/dev-tools.ts";
import { siteOriginOf } from "../site/site-origin.ts";
import type { Lifecycle } from "./lifecycle.ts";

/**
 * Google sign-in for `npm start` (decision 0019). With GOOGLE_CLIENT_ID, Google's: nothing runs
 * here. Without, while the development tools are on, a local OpenID provider stands in for
 * Google on 127.0.0.1 (registered for stopping) and its client is returned for the servers. It
 * starts before them: better-auth reads the provider's discovery document when it is created.
 * Null: no stand-in (Google's client, or no development tools and no client: no Google button).
 */
export async function startGoogleStandInIfSandbox(
  config: Config,
  devTools: DevToolsRule,
  log: Logger,
  lifecycle: Lifecycle,
): Promise<GoogleClient | null> {
  if (config.GOOGLE_CLIENT_ID !== undefined) {
    log.info(`Google sign-in: Google's, at ${config.GOOGLE_ISSUER_URL}`);
    return null;
  }
  if (!devTools.on) {
    log.info("no GOOGLE_CLIENT_ID: no Google sign-in");
    return null;
  }
  // Loaded only here: the server processes and a site with Google's client never carry it.
  const { startGoogleStandIn } = await import("../identity/google-stand-in.ts");
  const standIn = await startGoogleStandIn({
    redirectUri: `${siteOriginOf(config)}/v1/auth/callback/google`,
    port: config.GOOGLE_STAND_IN_PORT,
  });
  lifecycle.started("the Google stand-in", standIn.close);
  log.info(
    `no GOOGLE_CLIENT_ID: "Sign in with Google" goes to the sandbox's local stand-in for Google at ${standIn.issuer}`,
  );
  return { issuer: standIn.issuer, clientId: standIn.clientId, clientSecret: standIn.clientSecret };
}
