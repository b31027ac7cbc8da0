/**
 * What an account call's answer says, for the person: the API's errors are
 * `{ "error": { "code", "message" } }` (README), and its messages are written to be shown as given.
 */
export interface ApiProblem {
  status: number;
  code: string;
  message: string;
  /** Retry-After in seconds (429), when the server sent one. */
  retryAfterSeconds: number | null;
  /** The input the problem is about, when the API names one ("socials.twitter"). */
  parameter?: string;
}

const FALLBACK = "Something went wrong. Try again in a moment.";

/** The problem an error answer describes; a body that is not the API's shape gets a plain message. */
export async function problemOf(response: Response): Promise<ApiProblem> {
  let code = "unknown";
  let message = FALLBACK;
  let parameter: string | undefined;
  try {
    const body: unknown = await response.json();
    const error = (body as { error?: { code?: unknown; message?: unknown; parameter?: unknown } } | null)
      ?.error;
    if (typeof error?.code === "string") code = error.code;
    if (typeof error?.message === "string" && error.message.trim() !== "") message = error.message;
    if (typeof error?.parameter === "string") parameter = error.parameter;
  } catch {
    // Not JSON (a proxy's page, say): the plain message stands.
  }
  if (response.status === 429 && code === "unknown")
    message = "Too many attempts. Wait a moment and try again.";
  return {
    status: response.status,
    code,
    message,
    retryAfterSeconds: retryAfterOf(response.headers.get("retry-after")),
    ...(parameter === undefined ? {} : { parameter }),
  };
}

/** Retry-After as seconds from now: a number of seconds, or an HTTP date (RFC 9110). */
export function retryAfterOf(value: string | null, nowMs = Date.now()): number | null {
  if (value === null || value.trim() === "") return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - nowMs) / 1000));
}

/** "Try again in 2 minutes.": a wait said the way people say it. */
export function waitText(seconds: number): string {
  if (seconds < 60) return `Try again in ${seconds} second${seconds === 1 ? "" : "s"}.`;
  const minutes = Math.ceil(seconds / 60);
  return `Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/** What to show for a problem: the server's message, and how long to wait when it does not say. */
export function problemText(problem: ApiProblem): string {
  if (problem.retryAfterSeconds === null || /try again in/i.test(problem.message)) return problem.message;
  return `${problem.message} ${waitText(problem.retryAfterSeconds)}`;
}

/**
 * An authenticated call's failure (SPEC §8): its message is 'Failed fetch' for reads and
 * 'Failed update' for writes, as the SPEC names them; the server's own problem rides along for
 * the forms that show it.
 */
export class AccountCallError extends Error {
  override name = "AccountCallError";
  constructor(
    kind: "Failed fetch" | "Failed update",
    readonly problem: ApiProblem,
  ) {
    super(kind);
  }
}
