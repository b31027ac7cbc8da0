import { type ApiProblem, problemOf } from "./api-answer.ts";

/** An unauthenticated account call's outcome: the answer's JSON, or the problem to show. */
export type CallOutcome<T> = { ok: true; body: T } | { ok: false; problem: ApiProblem };

export const UNREACHABLE: ApiProblem = {
  status: 0,
  code: "unreachable",
  message: "The site could not be reached. Check your connection and try again.",
  retryAfterSeconds: null,
};

/** POST JSON to an account route that needs no token (sign-up, resends, password reset). */
export async function postPublic<T = { message?: string }>(
  path: string,
  body: unknown,
  fetcher: (input: string, init?: RequestInit) => Promise<Response> = (input, init) => fetch(input, init),
): Promise<CallOutcome<T | null>> {
  let response: Response;
  try {
    response = await fetcher(path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      credentials: "same-origin",
    });
  } catch {
    return { ok: false, problem: UNREACHABLE };
  }
  if (!response.ok) return { ok: false, problem: await problemOf(response) };
  return { ok: true, body: response.status === 204 ? null : ((await response.json()) as T) };
}
