import "server-only";
import { availableParallelism } from "node:os";
import { hash as argon2Hash, verify as argon2Verify } from "@node-rs/argon2";
import { verify as bcryptVerify } from "@node-rs/bcrypt";
import { env } from "@/lib/env";

/**
 * Password hashes: Argon2id through a native binding (@node-rs/argon2) whose work runs on libuv's
 * thread pool, never on the server's one JavaScript thread (bcryptjs held it ~70 ms per hash,
 * so a burst of sign-ins or resets froze every other request). Hashes made before (bcryptjs, `$2a$`/`$2b$`)
 * still verify, natively and off the thread too (@node-rs/bcrypt), and `needsRehash` tells the sign-in
 * to replace them (lib/services/auth/login-attempts.ts).
 *
 * At most `cores - 1` hashes run at once (at least one): a burst queues here instead of taking every
 * core (and every thread-pool thread, which file reads share) from the thread that answers requests.
 */

const slots = Math.max(1, availableParallelism() - 1);
let running = 0;
let started = 0;
const waiting: (() => void)[] = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  started++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

const cost = () => {
  const e = env();
  return { memoryCost: e.PASSWORD_HASH_MEMORY_KIB, timeCost: e.PASSWORD_HASH_TIME_COST, parallelism: 1 };
};

const isBcrypt = (hash: string) => /^\$2[aby]\$\d\d\$/.test(hash);

/** A new Argon2id hash of `password` at the configured cost (PASSWORD_HASH_MEMORY_KIB, PASSWORD_HASH_TIME_COST). */
export const hashPassword = (password: string): Promise<string> => limited(() => argon2Hash(password, cost())); // Argon2id is the default algorithm

/** Whether `password` matches `hash` (Argon2id, or a bcrypt hash from before); false for no hash or a malformed one. */
export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  if (!hash) return false;
  try {
    return await limited(() => (isBcrypt(hash) ? bcryptVerify(password, hash) : argon2Verify(hash, password)));
  } catch {
    return false;
  }
}

/** Whether a hash that just verified should be replaced: not Argon2id, or cheaper than the configured cost. */
export function needsRehash(hash: string): boolean {
  const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(hash);
  if (!m) return true;
  const c = cost();
  return Number(m[1]) < c.memoryCost || Number(m[2]) < c.timeCost;
}

/** Hashes and comparisons running, waiting for a slot, and started since the process began (tests, diagnostics). */
export function passwordWorkState() {
  return { slots, running, queued: waiting.length, started };
}
