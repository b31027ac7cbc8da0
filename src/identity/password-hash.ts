import { availableParallelism } from "node:os";
import { type Options as Argon2Options, hash, verify } from "@node-rs/argon2";

/**
 * argon2id at OWASP's first setting (19 MiB, 2 passes, 1 lane): issue 17. The algorithm is the
 * package's const enum Algorithm.Argon2id, which our compiler settings cannot read by name.
 */
const ARGON2: Argon2Options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * How many hashes run at once in a process: one core fewer than the machine has (at least one),
 * so a burst of sign-ins queues for the hash instead of taking every core from the pages and the
 * search (BENCHMARKS.md, "Accounts"). Each server process has its own queue.
 */
export const CONCURRENT_HASHES = Math.max(1, availableParallelism() - 1);

let running = 0;
const waiting: Array<() => void> = [];

async function queued<T>(work: () => Promise<T>): Promise<T> {
  if (running >= CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** Hashes running and waiting in this process (the tests read it). */
export const hashQueue = () => ({ running, waiting: waiting.length });

export const hashPassword = (password: string): Promise<string> => queued(() => hash(password, ARGON2));

/** Whether the password is the one the stored hash was made from; a malformed hash is a plain no. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await queued(() => verify(stored, password));
  } catch {
    return false;
  }
}
