import { describe, expect, it } from "vitest";
import { AccountCallError, problemOf, problemText, retryAfterOf, waitText } from "./api-answer.ts";

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

describe("the API's answers, for people", () => {
  it("takes the server's code and message as given", async () => {
    const problem = await problemOf(json(400, { error: { code: "weak_password", message: "Too short." } }));
    expect(problem).toEqual({
      status: 400,
      code: "weak_password",
      message: "Too short.",
      retryAfterSeconds: null,
    });
  });

  it("keeps the parameter a problem names, for the form to put it by its field", async () => {
    const problem = await problemOf(
      json(400, {
        error: {
          code: "invalid_parameter",
          message: "socials.twitter: not an x.com link",
          parameter: "socials.twitter",
        },
      }),
    );
    expect(problem.parameter).toBe("socials.twitter");
  });

  it("says something plain when the body is not the API's", async () => {
    const problem = await problemOf(new Response("<html>Bad gateway</html>", { status: 502 }));
    expect(problem.code).toBe("unknown");
    expect(problem.message).toMatch(/try again/i);
  });

  it("reads Retry-After as seconds or as a date", async () => {
    const problem = await problemOf(
      json(
        429,
        { error: { code: "too_many_attempts", message: "Too many attempts." } },
        { "retry-after": "90" },
      ),
    );
    expect(problem.retryAfterSeconds).toBe(90);
    const now = Date.parse("2026-11-25T12:00:00Z");
    expect(retryAfterOf("Wed, 25 Nov 2026 12:02:00 GMT", now)).toBe(120);
    expect(retryAfterOf("nonsense", now)).toBeNull();
    expect(retryAfterOf(null, now)).toBeNull();
    expect(waitText(1)).toBe("Try again in 1 second.");
    expect(waitText(90)).toBe("Try again in 2 minutes.");
  });

  it("adds the wait to a message only when the message does not say it already", () => {
    const problem = { status: 429, code: "too_many_attempts", retryAfterSeconds: 30 };
    expect(problemText({ ...problem, message: "Too many attempts. Try again in 30 seconds." })).toBe(
      "Too many attempts. Try again in 30 seconds.",
    );
    expect(problemText({ ...problem, message: "Too many attempts." })).toBe(
      "Too many attempts. Try again in 30 seconds.",
    );
    expect(problemText({ ...problem, retryAfterSeconds: null, message: "No." })).toBe("No.");
  });

  it("names an authenticated call's failure as SPEC §8 does", () => {
    const problem = { status: 500, code: "x", message: "m", retryAfterSeconds: null };
    expect(new AccountCallError("Failed fetch", problem).message).toBe("Failed fetch");
    expect(new AccountCallError("Failed update", problem)).toBeInstanceOf(Error);
  });
});
