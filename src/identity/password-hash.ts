import { type Options as Argon2Options, hash, verify } from "@node-rs/argon2";

/**
 * argon2id at OWASP's first setting (19 MiB, 2 passes, 1 lane): issue 17. The algorithm is the
 * package's const enum Algorithm.Argon2id, which our compiler settings cannot read by name.
 */
const ARGON2: Argon2Options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2);

/** Whether the password is the one the stored hash was made from; a malformed hash is a plain no. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
