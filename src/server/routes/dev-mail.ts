import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { parseMailbox } from "../../config.ts";
import { listMail } from "../../mail/mail-store.ts";
import { DEV_MAIL_POLICY } from "../../site/content-security-policy.ts";
import { parseInput } from "../api/api-error.ts";
import { requireLocal } from "../api/local-only.ts";
import { devMailPage } from "./dev-mail-page.ts";

/** The most messages one answer lists: enough to find a test's mail among the newest. */
export const DEV_MAIL_LIMIT = 100;

const query = z.object({
  // Empty is no filter (the page's form sends `to=` when its field is left empty).
  to: z
    .string({ error: "expected one e-mail address" })
    .trim()
    .transform((to) => (to === "" ? undefined : to))
    .refine(
      (to) => to === undefined || parseMailbox(to)?.name === null,
      "expected an e-mail address such as someone@example.com",
    )
    .optional(),
});

/**
 * The sink's mail holds sign-in and reset links for any address: only this machine may read it,
 * and not through a proxy (a proxy on this machine would make the world look local).
 */
const authorizeLocal = (request: FastifyRequest) =>
  requireLocal(
    request,
    "the local mail sink's messages are shown only to this machine (127.0.0.1 or ::1), not through a proxy",
  );

/**
 * The embedded mail sink's messages (src/mail/sink.ts), for a developer and for tests: registered
 * only while the sink is the mail sink, never with SMTP_URL (then these paths are the pages' 404).
 * They read the sink's files (`dir`), so every server process answers the same. Nothing here is
 * cached: mail arrives at any time, and it is personal; and only this machine may read it.
 *
 * - GET /dev/mail.json?to= : newest first, at most DEV_MAIL_LIMIT, only `to`'s when given (any case).
 * - GET /dev/mail?to= : the same as a page.
 */
export function registerDevMail(app: FastifyInstance, dir: string): void {
  app.get("/dev/mail.json", async (request, reply) => {
    const { to } = parseInput(query, request.query);
    authorizeLocal(request);
    const mails = await listMail(dir, { to, limit: DEV_MAIL_LIMIT });
    return reply.header("cache-control", "no-store").send(mails);
  });

  app.get("/dev/mail", async (request, reply) => {
    const { to } = parseInput(query, request.query);
    authorizeLocal(request);
    const mails = await listMail(dir, { to, limit: DEV_MAIL_LIMIT });
    return reply
      .header("cache-control", "no-store")
      .header("content-security-policy", DEV_MAIL_POLICY)
      .type("text/html; charset=utf-8")
      .send(devMailPage(mails, { to, limit: DEV_MAIL_LIMIT }));
  });
}
