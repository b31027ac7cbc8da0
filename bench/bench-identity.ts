import type { Db } from "../src/db/connect.ts";
import { createAuth } from "../src/identity/auth.ts";
import { createIdentity } from "../src/identity/identity.ts";
import type { Mailer } from "../src/mail/mailer.ts";

/** The benchmarks' auth secret and origin: bench:accounts makes its accounts with the same ones. */
export const BENCH_AUTH_SECRET = "bench-accounts-secret-0123456789abcdef";
export const BENCH_ORIGIN = "http://127.0.0.1";

/** Mail that goes nowhere (the benchmark confirms its accounts in the database). */
export const DROPPED_MAIL: Mailer = { send: async () => "<dropped@bench>", close: async () => {} };

export const benchAuth = (db: Db) =>
  createAuth({
    db,
    secret: BENCH_AUTH_SECRET,
    origin: BENCH_ORIGIN,
    mailer: DROPPED_MAIL,
    siteName: "camstats",
  });

/** Accounts as a bench server has them. */
export const benchIdentity = (db: Db) => createIdentity(db, benchAuth(db));

/** Signs in on a bench server; the identity token as a Bearer header. */
export async function benchBearer(
  url: string,
  email: string,
  password: string,
): Promise<Record<string, string>> {
  const signIn = await fetch(`${url}/v1/auth/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}: ${await signIn.text()}`);
  const { token } = (await signIn.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}
