import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import { NON_PAGE_POLICY } from "../site/content-security-policy.ts";

/** Browser features the site never uses, denied to it and to anything it might embed. */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "publickey-credentials-get=()",
  "usb=()",
].join(", ");

export interface SecurityHeaderOptions {
  /** The site is reached over https (PUBLIC_URL): browsers are told to keep to it (HSTS). */
  https: boolean;
}

/**
 * The security headers of every answer, in one place, registered before any route. Helmet sets
 * the usual set (nosniff, the referrer policy, framing, cross-origin isolation of windows and
 * resources, HSTS when the site is on https); the Permissions-Policy and, for any answer that
 * does not bring its own, the Content-Security-Policy are added here. Pages bring their own
 * policy, with the hashes of their inline scripts (src/web/entry.server.tsx), so that a cached
 * page keeps the policy that fits its scripts.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  void app.register(helmet, {
    global: true,
    contentSecurityPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // As the policies' frame-ancestors 'none', for browsers that read only this one.
    frameguard: { action: "deny" },
    // A year, subdomains included; not preloaded, which is a promise for the domain's owner to make.
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // Images and files may be shown by the site's own other hosts (a CDN, the API host), not others.
    crossOriginResourcePolicy: { policy: "same-site" },
  });
  app.addHook("onSend", async (_request, reply, payload) => {
    reply.header("permissions-policy", PERMISSIONS_POLICY);
    if (!reply.hasHeader("content-security-policy")) {
      reply.header("content-security-policy", NON_PAGE_POLICY);
    }
    return payload;
  });
}
