import { performance } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountsSite } from "../../../../tests/helpers/accounts.ts";
import { createTestDatabase, type TestDatabase } from "../../../../tests/helpers/database.ts";
import { ANSWER_FLOOR_MS } from "../../../identity/identity.ts";

/** Tries per kind of address, and how far apart their median times may be (issue 27, point 2). */
const TRIES = 20;
const MEDIANS_WITHIN_MS = 20;
/** A mail server slower than the answers' floor, so a mail waited for would show above it. */
const MAIL_MS = ANSWER_FLOOR_MS + 250;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return ((sorted[Math.floor(mid - 0.5)] as number) + (sorted[Math.ceil(mid - 0.5)] as number)) / 2;
};

/**
 * Issue 27, point 2: no answer tells who has an account. Each call that takes an address answers
 * a known one and an unknown one with the same status and body, in the same time (medians of 20
 * tries each within 20 ms): the mail, which takes MAIL_MS to send here, leaves in the background,
 * both sides do the same argon2 work, and the answer leaves at ANSWER_FLOOR_MS (a refused sign-in
 * no sooner), so the little work that still differs (a row inserted, an account looked up) cannot
 * show even on a loaded machine (answer-floor.test.ts: work longer than the floor). The two kinds alternate, each going first in turn, so a load that comes and goes on the
 * machine falls on both alike. The four calls run at once (each waits out the floor, so most of a
 * try is waiting): a quarter of the time, and a load on the machine that both kinds share.
 */
describe.concurrent("no answer tells who has an account", () => {
  let t: TestDatabase;
  let site: ReturnType<typeof accountsSite>;

  beforeAll(async () => {
    t = await createTestDatabase();
    site = accountsSite(t.db, {}, { mailMs: MAIL_MS, answerFloorMs: ANSWER_FLOOR_MS });
    // Under load a sign-up's work can outlive its answer: the link is mailed once it is done.
    expect((await site.signUp("known@example.com")).statusCode).toBe(202);
    await site.identity.settled();
    expect((await site.follow(site.lastLinkTo("known@example.com"))).statusCode).toBe(303);
    // An account waiting for its confirmation: the one case the resend mails.
    expect((await site.signUp("waiting@example.com")).statusCode).toBe(202);
  });
  afterAll(async () => {
    await site?.identity.settled();
    await site?.app.close();
    await t?.drop();
  });

  async function compare(
    call: (kind: "known" | "unknown", i: number) => Promise<{ statusCode: number; body: string }>,
  ) {
    const times = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < TRIES; i++) {
      const order = i % 2 === 0 ? (["known", "unknown"] as const) : (["unknown", "known"] as const);
      const answers: Record<string, { statusCode: number; body: string }> = {};
      for (const kind of order) {
        const start = performance.now();
        answers[kind] = await call(kind, i);
        times[kind].push(performance.now() - start);
      }
      expect(answers.known?.statusCode).toBe(answers.unknown?.statusCode);
      expect(answers.known?.body).toBe(answers.unknown?.body);
    }
    const known = median(times.known);
    const unknown = median(times.unknown);
    expect(
      Math.abs(known - unknown),
      `median ${known.toFixed(1)} ms for a known address, ${unknown.toFixed(1)} ms for an unknown one`,
    ).toBeLessThanOrEqual(MEDIANS_WITHIN_MS);
  }

  it("sign-up: 202 and the same words for a new address and one with an account", async () => {
    await compare((kind, i) =>
      site.signUp(kind === "known" ? "known@example.com" : `new-${i}@example.com`, "a-long-enough-secret"),
    );
    // The mails went (in the background) all the same: the owner's warning, the newcomers' links.
    const mails = site.mail.map((m) => [m.to, m.kind]);
    expect(mails.filter(([, kind]) => kind === "existing-account")).toHaveLength(TRIES);
    expect(mails.filter(([to, kind]) => kind === "verify-email" && to?.startsWith("new-"))).toHaveLength(
      TRIES,
    );
  });

  it("sign-in: 401 and the same words for a wrong password and an address with no account", async () => {
    await compare((kind) =>
      site.signIn(kind === "known" ? "known@example.com" : "nobody@example.com", "not-the-password"),
    );
  });

  it("password reset: 202 and the same words whether or not the address has an account", async () => {
    await compare((kind) =>
      site.post("/v1/auth/password-reset", {
        email: kind === "known" ? "known@example.com" : "nobody@example.com",
      }),
    );
    await site.identity.settled();
    expect(site.mail.filter((m) => m.kind === "reset-password").map((m) => [m.to, m.kind])).toEqual(
      Array.from({ length: TRIES }, () => ["known@example.com", "reset-password"]),
    );
  });

  it("resend confirmation: 202 and the same words for an account waiting and an address with none", async () => {
    const before = site.mail.filter((m) => m.to === "waiting@example.com").length;
    await compare((kind) =>
      site.post("/v1/auth/resend-confirmation", {
        email: kind === "known" ? "waiting@example.com" : "nobody@example.com",
      }),
    );
    await site.identity.settled();
    expect(site.mail.filter((m) => m.to === "waiting@example.com").length - before).toBe(TRIES);
  });
});
