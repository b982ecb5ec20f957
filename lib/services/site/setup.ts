import "server-only";
import { randomBytes, timingSafeEqual } from "node:crypto";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { eq, or, sql } from "drizzle-orm";
import { connection, dataDir, db, type DbOrTx } from "@/db";
import { setupTokens, users } from "@/db/schema";
import { afterCommit } from "@/lib/changes/announce";
import { memberJoined, settingsChanged } from "@/lib/changes/written";
import { AppError, msg, notFound, pgCode } from "@/lib/errors";
import { hashPassword } from "@/lib/services/shared/passwords";
import { refreshMedal } from "@/lib/services/points/points";
import { recordTermsAcceptance, termsVersion } from "@/lib/services/site/legal";
import { nameFree } from "@/lib/services/shared/name-taken";
import type { SetupInput } from "@/lib/validation/setup";

/**
 * The first-run setup (issue 61): on a database with no administrator, `npm start` prints a one-time
 * address carrying a secret token (kept in the database, and on the embedded database also in the data
 * folder as `setup-token`), and that address creates the first administrator. Anyone else, and anyone
 * after an administrator exists, gets a 404: the setup is invisible once done. Two attempts at once
 * create exactly one administrator: both take the same transaction-scoped advisory lock, and the
 * second finds the first's administrator and the token gone.
 */

const LOCK = sql`select pg_advisory_xact_lock(hashtext('forum_first_run_setup'))`;
const tokenFile = () => path.join(dataDir(), "setup-token");

/** Once an administrator exists the setup never opens again in this process (demoting the last one does not reopen it). */
const g = globalThis as unknown as { __forumHasAdmin?: boolean };

export async function adminExists(runner: DbOrTx = db): Promise<boolean> {
  if (g.__forumHasAdmin) return true;
  const [row] = await runner.select({ id: users.id }).from(users).where(eq(users.role, "ADMIN")).limit(1);
  if (row) g.__forumHasAdmin = true;
  return !!row;
}

/** For tests that empty the users table between cases. */
export function forgetAdminSeen(): void {
  g.__forumHasAdmin = false;
}

/**
 * At start-up: the setup token while no administrator exists (made once and kept, so every process
 * of a deployment prints the same address), else null (and any leftover token is removed).
 */
export async function ensureSetupToken(): Promise<string | null> {
  if (await adminExists()) {
    await db.delete(setupTokens).where(eq(setupTokens.id, 1));
    if (existsSync(tokenFile())) rmSync(tokenFile(), { force: true });
    return null;
  }
  await db
    .insert(setupTokens)
    .values({ id: 1, token: randomBytes(24).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select({ token: setupTokens.token }).from(setupTokens).where(eq(setupTokens.id, 1));
  if (connection().kind === "pglite") {
    mkdirSync(path.dirname(tokenFile()), { recursive: true });
    writeFileSync(tokenFile(), `${row!.token}\n`, { mode: 0o600 });
  }
  return row!.token;
}

const duplicate = (field: "username" | "email") =>
  new AppError("conflict", field === "username" ? msg("usernameTaken") : msg("emailTaken"), { field });

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

async function assertOpen(token: string, runner: DbOrTx): Promise<void> {
  if (await adminExists(runner)) throw notFound();
  const [row] = await runner.select({ token: setupTokens.token }).from(setupTokens).where(eq(setupTokens.id, 1));
  if (!row || !sameToken(row.token, token)) throw notFound();
}

/** GET /api/setup?token=…: 200 while the setup is open and the token is right; 404 otherwise (the same 404 either way). */
export async function getSetupState({ token }: { token: string }): Promise<{ open: true }> {
  await assertOpen(token, db);
  return { open: true };
}

/** POST /api/setup: creates the first administrator (verified: the operator holds the token), then closes the setup. */
export async function completeSetup(input: SetupInput): Promise<{ user: { id: number; username: string; role: "ADMIN" } }> {
  // Checked before hashing, so a wrong token costs nothing; checked again under the lock.
  await assertOpen(input.token, db);
  const email = input.email.toLowerCase();
  const passwordHash = await hashPassword(input.password);
  try {
    const user = await afterCommit(
      db.transaction(async (tx) => {
        await tx.execute(LOCK);
        await assertOpen(input.token, tx);
        const [taken] = await tx
          .select({ username: users.username })
          .from(users)
          .where(or(eq(sql`lower(${users.username})`, input.username.toLowerCase()), eq(sql`lower(${users.email})`, email)))
          .limit(1);
        if (taken) throw duplicate(taken.username.toLowerCase() === input.username.toLowerCase() ? "username" : "email");
        if (!(await nameFree(input.username, tx))) throw duplicate("username");
        const [u] = await tx
          .insert(users)
          .values({ username: input.username, email, passwordHash, role: "ADMIN", emailVerifiedAt: new Date() })
          .returning({ id: users.id, username: users.username });
        await refreshMedal(tx, u!.id);
        await recordTermsAcceptance(tx, u!.id, await termsVersion(tx));
        await tx.delete(setupTokens).where(eq(setupTokens.id, 1));
        return { id: u!.id, username: u!.username, role: "ADMIN" as const };
      }),
      // Every page said the site had no administrator yet.
      (u) => [...memberJoined(u.id), ...settingsChanged()],
    );
    g.__forumHasAdmin = true;
    if (existsSync(tokenFile())) rmSync(tokenFile(), { force: true });
    return { user };
  } catch (err) {
    if (pgCode(err) === "23505") throw duplicate(String(err).includes("email") ? "email" : "username");
    throw err;
  }
}
