import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { SANDBOX_CONTROL_PATH, SANDBOX_TEXT_MAX } from "../../platform/sandbox-site.ts";
import { modelNameParam } from "../../site/performer-name.ts";
import { ApiError, parseInput } from "../api/api-error.ts";
import { requireLocal } from "../api/local-only.ts";

export const DEV_SANDBOX_LOCAL_ONLY =
  "the sandbox platform's control answers only this machine (127.0.0.1 or ::1), not through a proxy";
export const SANDBOX_UNREACHABLE = "the sandbox platform did not answer; is npm start still running it?";
/** The sandbox is on this machine: an answer takes milliseconds. */
const FORWARD_TIMEOUT_MS = 5000;

const text = z
  .string({ error: "expected a text or null" })
  .max(SANDBOX_TEXT_MAX, `expected at most ${SANDBOX_TEXT_MAX} characters`)
  .nullable()
  .optional();
const body = z.strictObject({
  performer: modelNameParam,
  roomSubject: text,
  aboutMe: text,
  online: z.boolean({ error: "expected true, false or null" }).nullable().optional(),
});

/**
 * POST /dev/sandbox/performer {performer, roomSubject?, aboutMe?, online?} (issue 19): sets a
 * sandbox performer's room subject, about-me or online state, so that the next poll and bio fetch
 * see it (a claim's code can be tried on a fresh `npm start`). Registered only while the sandbox is
 * the data source, never with a real platform; this machine only; it forwards to the sandbox's
 * control (src/sandbox/server.ts). null clears a field back to the model's.
 */
export function registerDevSandbox(app: FastifyInstance, sandboxUrl: string): void {
  app.post("/dev/sandbox/performer", async (request, reply) => {
    const change = parseInput(body, request.body);
    requireLocal(request, DEV_SANDBOX_LOCAL_ONLY);
    let answer: Response;
    try {
      answer = await fetch(new URL(SANDBOX_CONTROL_PATH, sandboxUrl), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(change),
        signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
      });
    } catch {
      throw new ApiError(502, "sandbox_unreachable", SANDBOX_UNREACHABLE);
    }
    const json = (await answer.json().catch(() => null)) as { error?: string } | null;
    if (answer.status === 404)
      throw new ApiError(
        404,
        "unknown_performer",
        `the sandbox has no performer named ${JSON.stringify(change.performer)}`,
      );
    if (!answer.ok || json === null)
      throw new ApiError(502, "sandbox_refused", json?.error ?? SANDBOX_UNREACHABLE);
    return reply.header("cache-control", "no-store").send(json);
  });
}
