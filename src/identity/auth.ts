import { createHash } from "node:crypto";
import { betterAuth } from "better-auth";
import { genericOAuth, jwt } from "better-auth/plugins";
import type { Kysely } from "kysely";
import type { Db } from "../db/connect.ts";
import { emailIfAnotherWayIn } from "../db/queries/accounts.ts";
import { deleteOtherResetLinks } from "../db/queries/reset-links.ts";
import type { Logger } from "../log.ts";
import { type Mailer, MailLimitError } from "../mail/mailer.ts";
import { type AccountNotice, accountNotices, type PasswordChange } from "./account-notices.ts";
import { hashPassword, verifyPassword } from "./password-hash.ts";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./password-rules.ts";
import { countryOf, deviceOf } from "./session-facts.ts";

/** Where the identity routes live (SPEC §7's API host): the refresh cookie is scoped to it. */
export const AUTH_PATH = "/v1/auth";
/** The identity token's audience: our API. */
export const TOKEN_AUDIENCE = "camstats-api";
const DAY_S = 86_400;
/** How long one sign-in lasts without a refresh (the refresh family's life). */
export const SESSION_DAYS = 30;

/** The OpenID provider better-auth knows Google by: its callback is `${AUTH_PATH}/callback/google`. */
export const GOOGLE_PROVIDER = "google";
/** Where better-auth sends a failed Google sign-in, with `?error={code}` (google-routes.ts). */
export const GOOGLE_FAILED_PATH = `${AUTH_PATH}/google/failed`;

/**
 * How better-auth stores a reset link's token (`storeIdentifier: "hashed"` below): the unpadded
 * base64url SHA-256 of `reset-password:{token}` (its dist/db/verification-token-storage.mjs).
 */
export const resetLinkIdentifier = (token: string): string =>
  createHash("sha256").update(`reset-password:${token}`).digest("base64url");

/** An OAuth client at an OpenID provider: Google's, or the sandbox's stand-in for it. */
export interface GoogleClient {
  /** The issuer (discovery at {issuer}/.well-known/openid-configuration). */
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export interface AuthOptions {
  db: Db;
  /** AUTH_SECRET (auth-secret.ts). */
  secret: string;
  /** The site's public origin: links in mail point here; the tokens' issuer. */
  origin: string;
  mailer: Mailer;
  siteName: string;
  log?: Logger;
  /** Google sign-in (decision 0019); unset: none. */
  google?: GoogleClient;
}

/**
 * better-auth, as decision 0018 lays it out: it keeps users, password accounts, verification and
 * reset tokens and the signing keys, in our tables under our names; our routes call `auth.api`
 * (src/identity/identity.ts). Its own limiter and cookies are not used: the limits are ours and the
 * browser only ever holds our refresh cookie.
 */
export function createAuth(options: AuthOptions) {
  const { mailer, siteName, origin, log, google } = options;
  /**
   * A mail the account needs, sent in the background: the answer must not wait for it (its time
   * would tell whether the address has an account), nor fail with it (a mail server's error would
   * too). A failure is logged; one over its recipient's hourly limit is skipped with a warning.
   */
  const send = (to: string, kind: string, subject: string, text: string): void => {
    mailer.send({ to, kind, subject, text }).catch((error: unknown) => {
      if (error instanceof MailLimitError)
        log?.warn(`identity: no ${kind} mail to a recipient over its hourly limit`);
      else log?.error({ err: error }, `identity: the ${kind} mail could not be sent`);
    });
  };
  const notices = accountNotices(siteName, origin);
  const notify = (to: string, notice: AccountNotice) => send(to, notice.kind, notice.subject, notice.text);
  const auth = betterAuth({
    appName: siteName,
    baseURL: origin,
    basePath: AUTH_PATH,
    secret: options.secret,
    database: { db: options.db as unknown as Kysely<unknown>, type: "postgres", transaction: true },
    telemetry: { enabled: false },
    // Its warnings are routine (an unknown address, a wrong password): ours at debug; its errors, errors.
    logger:
      log === undefined
        ? { disabled: true }
        : {
            level: "warn",
            log: (level, message) =>
              level === "error" ? log.error(`better-auth: ${message}`) : log.debug(`better-auth: ${message}`),
          },
    rateLimit: { enabled: false },
    // Its callback's failures that have no page of their own (no state) go where Google's others do.
    ...(google === undefined ? {} : { onAPIError: { errorURL: `${origin}${GOOGLE_FAILED_PATH}` } }),
    advanced: {
      database: { generateId: "uuid" },
      cookiePrefix: "cs",
      defaultCookieAttributes: { path: AUTH_PATH },
      ipAddress: { ipAddressHeaders: ["x-client-ip"] },
    },
    user: {
      modelName: "users",
      fields: { emailVerified: "email_verified", createdAt: "created_at", updatedAt: "updated_at" },
    },
    session: {
      modelName: "auth_sessions",
      fields: {
        expiresAt: "expires_at",
        createdAt: "created_at",
        updatedAt: "updated_at",
        ipAddress: "ip_address",
        userAgent: "user_agent",
        userId: "user_id",
      },
      expiresIn: SESSION_DAYS * DAY_S,
      disableSessionRefresh: true,
      // What the signed-in devices list shows (decision 0042); set by the hook below, never by input.
      additionalFields: {
        device: { type: "string", required: false, input: false, fieldName: "device" },
        country: { type: "string", required: false, input: false, fieldName: "country" },
      },
    },
    account: {
      modelName: "auth_accounts",
      fields: {
        accountId: "account_id",
        providerId: "provider_id",
        userId: "user_id",
        accessToken: "access_token",
        refreshToken: "refresh_token",
        idToken: "id_token",
        accessTokenExpiresAt: "access_token_expires_at",
        refreshTokenExpiresAt: "refresh_token_expires_at",
        password: "password_hash",
        createdAt: "created_at",
        updatedAt: "updated_at",
      },
      // A Google account joins a password account of the same address only when both are verified:
      // no trustedProviders, which would skip Google's email_verified (decision 0018).
      accountLinking: { enabled: true, requireLocalEmailVerified: true },
    },
    databaseHooks: {
      // Every session (a password or a Google sign-in) keeps a coarse description of its client
      // instead of the raw address and User-Agent better-auth would store (decision 0042).
      session: {
        create: {
          before: async (session) => ({
            data: {
              ...session,
              device: deviceOf(session.userAgent),
              country: countryOf(session.ipAddress),
              ipAddress: null,
              userAgent: null,
            },
          }),
        },
      },
      // We never call Google's APIs, so its tokens are not kept (personal data is minimal).
      account: {
        create: {
          before: async (account) => ({ data: { ...account, ...NO_PROVIDER_TOKENS } }),
          // Google joined to an account that had another way in: its owner hears of it (ASVS V2.2.3).
          after: async (account) => {
            if (account.providerId === "credential") return;
            const email = await emailIfAnotherWayIn(options.db, account.userId, account.providerId);
            if (email !== undefined) notify(email, notices.googleAdded());
          },
        },
        update: { before: async (account) => ({ data: { ...account, ...NO_PROVIDER_TOKENS } }) },
      },
    },
    verification: {
      modelName: "auth_verifications",
      fields: { expiresAt: "expires_at", createdAt: "created_at", updatedAt: "updated_at" },
      storeIdentifier: "hashed",
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: false,
      resetPasswordTokenExpiresIn: DAY_S,
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: async ({ user }) => notify(user.email, notices.passwordChanged("reset")),
      password: {
        hash: hashPassword,
        verify: ({ hash: stored, password }) => verifyPassword(stored, password),
      },
      // One live link (issue 27): the new one ends every earlier one; better-auth has stored it by now.
      sendResetPassword: async ({ user, token }) => {
        await deleteOtherResetLinks(options.db, user.id, resetLinkIdentifier(token));
        send(
          user.email,
          "reset-password",
          `Choose a new ${siteName} password`,
          `Someone (maybe you) asked to reset the password of your ${siteName} account. Follow this link to choose a new one:\n\n` +
            `${origin}/settings?reset=${encodeURIComponent(token)}\n\n` +
            "The link works once, within 24 hours, and signs you out everywhere. If you did not ask, ignore this mail: your password stays as it is.",
        );
      },
      // Someone signed up with an address that has an account: its owner hears of it; the answer
      // to the sign-up is the same as for a new address.
      onExistingUserSignUp: async ({ user }) =>
        send(
          user.email,
          "existing-account",
          `Someone tried to create a ${siteName} account with your address`,
          `Someone (maybe you) tried to create a ${siteName} account with this e-mail address, which already has one.\n\n` +
            `If it was you, sign in instead: ${origin}/settings\nIf it was not, you can ignore this mail; nothing changed.`,
        ),
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: DAY_S,
      sendVerificationEmail: async ({ user, token }) =>
        send(
          user.email,
          "verify-email",
          `Confirm your e-mail address for ${siteName}`,
          `Welcome to ${siteName}. Follow this link to confirm your address and finish creating your account:\n\n` +
            `${origin}${AUTH_PATH}/verify-email?token=${encodeURIComponent(token)}\n\n` +
            "The link works once, within 24 hours. If you did not sign up, ignore this mail: no account is made without it.",
        ),
    },
    plugins: [
      jwt({
        jwks: {
          keyPairConfig: { alg: "EdDSA", crv: "Ed25519" },
          rotationInterval: 30 * DAY_S,
          gracePeriod: 2 * DAY_S,
        },
        jwt: { issuer: origin, audience: TOKEN_AUDIENCE, expirationTime: "1h" },
        disableSettingJwtHeader: true,
        schema: {
          jwks: {
            modelName: "auth_jwks",
            fields: {
              publicKey: "public_key",
              privateKey: "private_key",
              createdAt: "created_at",
              expiresAt: "expires_at",
            },
          },
        },
      }),
      ...(google === undefined ? [] : [googleSignIn(google)]),
    ],
  });
  return Object.assign(auth, {
    /** Tells the owner their password changed (ASVS V2.2.3); a reset is told by better-auth's hook above. */
    notifyPasswordChanged: (email: string, how: PasswordChange) =>
      notify(email, notices.passwordChanged(how)),
    /** A call's work that went on after its answer (identity.ts, answerAtFloor) failed: nobody is left to tell but the log. */
    reportBackgroundFailure: (what: string, error: unknown) =>
      log?.error({ err: error }, `identity: the ${what} failed after its answer`),
  });
}

const NO_PROVIDER_TOKENS = { accessToken: null, refreshToken: null, idToken: null };

/**
 * Google by OpenID Connect (decision 0019): discovery from the issuer, so Google and the sandbox's
 * stand-in take one path; authorization code with PKCE (S256), state and nonce; the ID token checked
 * against the issuer's keys; no session for an address Google has not verified.
 */
function googleSignIn(google: GoogleClient) {
  return genericOAuth({
    config: [
      {
        providerId: GOOGLE_PROVIDER,
        discoveryUrl: `${google.issuer}/.well-known/openid-configuration`,
        clientId: google.clientId,
        clientSecret: google.clientSecret,
        scopes: ["openid", "email", "profile"],
        pkce: true,
        requireIdTokenVerification: true,
        requireEmailVerification: true,
      },
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
