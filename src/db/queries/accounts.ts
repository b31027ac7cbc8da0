import type { Db } from "../connect.ts";

/** An account as its owner sees it on /settings. */
export interface AccountRow {
  email: string;
  emailVerified: boolean;
  createdAt: Date;
  /** better-auth's provider ids: 'credential' (a password) and 'google'. */
  providers: string[];
}

export async function accountOf(db: Db, userId: string): Promise<AccountRow | undefined> {
  const user = await db
    .selectFrom("users")
    .select(["email", "email_verified as emailVerified", "created_at as createdAt"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (user === undefined) return undefined;
  const providers = await db
    .selectFrom("auth_accounts")
    .select("provider_id")
    .where("user_id", "=", userId)
    .orderBy("provider_id")
    .execute();
  return { ...user, providers: providers.map((p) => p.provider_id) };
}

/** The account's password hash, or null when it signs in only with Google. */
export async function passwordHashOf(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom("auth_accounts")
    .select("password_hash")
    .where("user_id", "=", userId)
    .where("provider_id", "=", "credential")
    .executeTakeFirst();
  return row?.password_hash ?? null;
}

export async function setPasswordHash(db: Db, userId: string, hash: string): Promise<void> {
  await db
    .updateTable("auth_accounts")
    .set({ password_hash: hash, updated_at: new Date() })
    .where("user_id", "=", userId)
    .where("provider_id", "=", "credential")
    .execute();
}

/** The account's address when it has a way in besides `providerId` (a password beside Google); undefined when not. */
export async function emailIfAnotherWayIn(
  db: Db,
  userId: string,
  providerId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom("users")
    .select("email")
    .where("id", "=", userId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("auth_accounts")
          .select("auth_accounts.id")
          .whereRef("auth_accounts.user_id", "=", "users.id")
          .where("auth_accounts.provider_id", "<>", providerId),
      ),
    )
    .executeTakeFirst();
  return row?.email;
}

/** Ends every sign-in of the account but one (after a password change, the other devices); how many ended. */
export async function deleteOtherSessions(db: Db, userId: string, keepSessionId: string): Promise<number> {
  const result = await db
    .deleteFrom("auth_sessions")
    .where("user_id", "=", userId)
    .where("id", "<>", keepSessionId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Deletes the account and everything it owns: the cascades of users(id) take its sign-in methods,
 * sessions and refresh tokens (and, as they arrive, its lists and watches); the mail log's rows to
 * its address go too.
 */
export async function deleteAccount(db: Db, userId: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const user = await tx.deleteFrom("users").where("id", "=", userId).returning("email").executeTakeFirst();
    if (user !== undefined)
      await tx.deleteFrom("mail_log").where("recipient", "=", user.email.toLowerCase()).execute();
  });
}

/**
 * Deletes accounts never confirmed, made before `before`: their link expired long ago, and such a
 * row (a sign-up with someone else's address, a Google sign-in its provider did not confirm) would
 * otherwise keep the address's owner from linking Google to it. Returns how many went.
 */
export async function deleteUnconfirmedAccounts(db: Db, before: Date): Promise<number> {
  const deleted = await db
    .deleteFrom("users")
    .where("email_verified", "=", false)
    .where("created_at", "<", before)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
