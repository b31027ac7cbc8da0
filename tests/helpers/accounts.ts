import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type { Db } from "../../src/db/connect.ts";
import { createAuth } from "../../src/identity/auth.ts";
import { createIdentity } from "../../src/identity/identity.ts";
import { alertTokenKey } from "../../src/lists/alert-token.ts";
import type { AppOptions } from "../../src/server/app.ts";
import { testApp } from "./api.ts";

import { recordingMailer } from "./recording-mailer.ts";
export const ORIGIN = "http://camstats.test";
export const PASSWORD = "orchid-lantern-42";
const AUTH_SECRET = "s".repeat(48);
/** The key of the go-live mails' unsubscribe links on the accounts site (from its auth secret). */
export const ALERT_TOKEN_KEY = alertTokenKey(AUTH_SECRET);

/**
 * The site with accounts on a test database (decision 0018): mail caught in `mail` instead of
 * sent, the identity's clock in `clock.now` (tests move it), and the calls a test makes. Each
 * request comes from its own client address unless one is given, so the per-address abuse limits
 * only count where a test means them to. `options` go to the app (a `config` with its own DATA_DIR,
 * say).
 */
export function accountsSite(
  db: Db,
  appOptions: Partial<AppOptions> = {},
  /**
   * `mailMs`: how long a send takes to resolve (a mail server's round trip); the mail is caught at
   * once. `answerFloorMs`: the identity's ANSWER_FLOOR_MS, 0 unless a test measures answer times.
   */
  harness: { mailMs?: number; answerFloorMs?: number } = {},
) {
  const { mailer, mail } = recordingMailer(harness.mailMs === undefined ? {} : { sendMs: harness.mailMs });
  const clock = { now: Date.now() };
  const auth = createAuth({ db, secret: AUTH_SECRET, origin: ORIGIN, mailer, siteName: "camstats" });
  const identity = createIdentity(db, auth, () => clock.now, undefined, harness.answerFloorMs ?? 0);
  const app: FastifyInstance = testApp(db, {
    ...appOptions,
    identity,
    listAlertTokenKey: ALERT_TOKEN_KEY,
  });
  let clients = 0;
  const nextAddress = () => {
    clients++;
    return `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
  };

  const post = (
    url: string,
    payload?: unknown,
    options: { cookie?: string; ip?: string; token?: string } = {},
  ) =>
    app.inject({
      method: "POST",
      url,
      remoteAddress: options.ip ?? nextAddress(),
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: {
        ...(options.cookie === undefined ? {} : { cookie: options.cookie }),
        ...(options.token === undefined ? {} : { authorization: `Bearer ${options.token}` }),
      },
    });
  const get = (url: string, token?: string) =>
    app.inject({
      method: "GET",
      url,
      remoteAddress: nextAddress(),
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    });

  /** The newest link mailed to the address. */
  const lastLinkTo = (address: string) => {
    const message = mail.filter((m) => m.to === address).at(-1);
    const link = /https?:\/\/\S+/.exec(message?.text ?? "")?.[0];
    if (link === undefined) throw new Error(`no link mailed to ${address}`);
    return new URL(link);
  };
  const signUp = (email: string, password = PASSWORD, ip?: string) =>
    post("/v1/auth/sign-up", { email, password }, ip === undefined ? {} : { ip });
  const signIn = (email: string, password = PASSWORD, ip?: string) =>
    post("/v1/auth/sign-in", { email, password }, ip === undefined ? {} : { ip });
  const follow = (link: URL) => app.inject({ method: "GET", url: `${link.pathname}${link.search}` });

  /** A confirmed password account. */
  async function confirmedAccount(email: string, password = PASSWORD) {
    expect((await signUp(email, password)).statusCode).toBe(202);
    expect((await follow(lastLinkTo(email))).statusCode).toBe(303);
  }

  /** A confirmed account, signed in: its identity token and refresh cookie (as a Cookie header). */
  async function signedIn(email: string, password = PASSWORD) {
    const response = await signIn(email, password);
    expect(response.statusCode).toBe(200);
    return { token: response.json().token as string, cookie: refreshCookieOf(response).pair };
  }

  return {
    app,
    identity,
    mail,
    clock,
    post,
    get,
    lastLinkTo,
    signUp,
    signIn,
    follow,
    confirmedAccount,
    signedIn,
  };
}

/**
 * The one cookie a response set, as a Cookie header's part, and its attributes; a moderator's
 * /moderation cookie beside it (decision 0041) is not counted.
 */
export function refreshCookieOf(response: LightMyRequestResponse) {
  const all = ([] as string[])
    .concat(response.headers["set-cookie"] ?? [])
    .filter((c) => !/^(__Secure-)?cs_moderation=/.test(c));
  expect(all).toHaveLength(1);
  const [pair = "", ...attributes] = (all[0] as string).split("; ");
  return { pair, attributes };
}
