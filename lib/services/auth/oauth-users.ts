import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import { db, type DbOrTx } from "@/db";
import { pendingSignUps, userIdentities, users } from "@/db/schema";
import { afterCommit, announce } from "@/lib/changes/announce";
import { memberJoined } from "@/lib/changes/written";
import { AppError, badRequest, conflict, msg, pgCode, unauthorized } from "@/lib/errors";
import { getRegistrationMode } from "@/lib/services/shared/site-settings";
import { refreshMedal } from "@/lib/services/points/points";
import { recordTermsAcceptance, termsVersion } from "@/lib/services/site/legal";
import { nameFree } from "@/lib/services/shared/name-taken";
import { USERNAME_RE } from "@/lib/validation/auth";
import { isDeletedName } from "@/lib/deleted-member";

type Member = { id: number };

/** The member whose email is `email` (case-insensitively), if any. */
async function memberByEmail(email: string, runner: DbOrTx = db): Promise<Member | undefined> {
  const [row] = await runner
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row;
}

/** A name made from what the provider said, kept to the username rule (`user` when nothing is left). */
function baseUsername(name: string, email: string): string {
  const base = (name || email.split("@")[0] || "user").replace(/[^A-Za-z0-9_-]/g, "").slice(0, 24) || "user";
  // A deleted account's shape is reserved (lib/deleted-member.ts).
  return isDeletedName(base) ? `user-${base}` : base;
}

/** Inserts a member who signs in through a provider (no password); null when the name or email was taken meanwhile. */
async function insertOAuthMember(
  runner: DbOrTx,
  m: { username: string; email: string; avatar: string; emailVerified: boolean },
): Promise<number | null> {
  const [row] = await runner
    .insert(users)
    .values({ username: m.username, email: m.email, avatar: m.avatar, emailVerifiedAt: m.emailVerified ? new Date() : null })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return row?.id ?? null;
}

/**
 * GitHub and Google: signs the identity into the account with the same email, or creates one with a
 * free username made from the provider's name (those providers give only confirmed addresses).
 */
export async function findOrCreateOAuthUser(p: { email: string; name: string; image: string }): Promise<number> {
  const email = p.email.toLowerCase();
  if (!email) throw new Error("The provider returned no email");
  const existing = await memberByEmail(email);
  if (existing) return existing.id;
  const base = baseUsername(p.name, email);
  for (let i = 0; i < 5; i++) {
    const username = i === 0 && base.length >= 3 ? base : `${base}-${randomBytes(3).toString("hex")}`;
    const id = await insertOAuthMember(db, { username, email, avatar: p.image, emailVerified: true });
    if (id) {
      await announce(memberJoined(id));
      return id;
    }
  }
  throw new Error("Could not create an account for this identity");
}

/** What an OpenID Connect provider said about the person signing in (its ID token / userinfo claims). */
export type OidcProfile = {
  /** The Auth.js provider id (`oidc`). */
  provider: string;
  issuer: string;
  /** The `sub` claim: the person's stable id at the provider. */
  subject: string;
  email: string;
  /** The `email_verified` claim; only `true` links to an existing member with that email. */
  emailVerified: boolean;
  name: string;
  preferredUsername: string;
  image: string;
};

/** Where an OpenID sign-in goes: into a member's account, or to /login/choose-username with a ticket. */
export type OidcOutcome = { userId: number } | { chooseUsername: { ticket: string; expiresAt: string } };

const PENDING_MS = 15 * 60_000;
const hashTicket = (ticket: string) => createHash("sha256").update(ticket).digest("hex");

/**
 * The first step of every sign-in through the OpenID Connect provider (Auth.js `signIn` callback):
 * 1. the provider account (issuer + `sub`) linked before names its member;
 * 2. else a member with the same email is linked, but only when the provider says the address is
 *    verified (`email_verified: true`); an unverified one is refused (403 `forbidden`), since anyone
 *    could claim any address at a provider that does not check;
 * 3. else a new member: the provider's answer waits (15 minutes) for the person to choose a username
 *    (`chooseUsername`), unless sign-up is closed (403 `registration_closed`).
 * A suspended or silenced member signs in, as by every other method (password, passkey, GitHub/Google):
 * one rule for all of them, kept where every write passes (lib/api/route.ts: each write answers 403
 * `suspended` while the suspension runs, whatever the cookie or token was made by), so the member can
 * read the notice saying why and until when. The same rules whatever SSO-only sign-in says.
 */
export async function beginOidcSignIn(p: OidcProfile & { callbackUrl?: string }): Promise<OidcOutcome> {
  if (!p.subject) throw badRequest(msg("oidcNoSubject"));
  const [linked] = await db
    .select({ id: users.id, identityId: userIdentities.id })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.issuer, p.issuer), eq(userIdentities.subject, p.subject)))
    .limit(1);
  if (linked) {
    await db.update(userIdentities).set({ lastUsedAt: new Date() }).where(eq(userIdentities.id, linked.identityId));
    return { userId: linked.id };
  }
  const email = p.email.trim().toLowerCase();
  if (!email) throw badRequest(msg("oidcNoEmail"));
  const member = await memberByEmail(email);
  if (member) {
    if (!p.emailVerified) throw new AppError("forbidden", msg("oidcEmailUnverified"));
    await db
      .insert(userIdentities)
      .values({ userId: member.id, provider: p.provider, issuer: p.issuer, subject: p.subject, email })
      .onConflictDoNothing();
    return { userId: member.id };
  }
  if ((await getRegistrationMode()) === "CLOSED") throw new AppError("registration_closed", msg("registrationClosed"));
  const preferred = p.preferredUsername.trim();
  const suggested = USERNAME_RE.test(preferred) ? preferred : baseUsername(p.name, email);
  const ticket = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + PENDING_MS);
  // Old, unfinished sign-ups go as new ones come.
  await db.delete(pendingSignUps).where(lt(pendingSignUps.expiresAt, new Date()));
  await db.insert(pendingSignUps).values({
    ticketHash: hashTicket(ticket),
    provider: p.provider,
    issuer: p.issuer,
    subject: p.subject,
    email,
    emailVerified: p.emailVerified,
    name: p.name.slice(0, 200),
    suggestedUsername: USERNAME_RE.test(suggested) && (await nameFree(suggested)) ? suggested : "",
    avatar: /^https?:\/\//.test(p.image) ? p.image.slice(0, 2000) : "",
    callbackUrl: p.callbackUrl ?? "/",
    expiresAt,
  });
  return { chooseUsername: { ticket, expiresAt: expiresAt.toISOString() } };
}

/** What /login/choose-username shows of a first sign-in waiting for its username; null when gone or expired. */
export async function getPendingSignUp(
  ticket: string,
): Promise<{ email: string; name: string; suggestedUsername: string; callbackUrl: string; expiresAt: string } | null> {
  if (!ticket) return null;
  const [row] = await db
    .select()
    .from(pendingSignUps)
    .where(and(eq(pendingSignUps.ticketHash, hashTicket(ticket)), gt(pendingSignUps.expiresAt, new Date())))
    .limit(1);
  if (!row) return null;
  return {
    email: row.email,
    name: row.name,
    suggestedUsername: row.suggestedUsername,
    callbackUrl: row.callbackUrl,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * The second step of a first OpenID sign-in: the chosen username (the sign-up rule; free, and nobody's
 * former name) makes the member, links the provider account, accepts the terms in force (the page says
 * so) and uses the ticket up, in one transaction. 400 naming `username` for a name against the rule,
 * 409 naming it for a taken one (the ticket stays for another try), 401 for a ticket gone or expired.
 */
export async function completeOidcSignUp(p: { ticket: string; username: string }): Promise<{ userId: number; callbackUrl: string }> {
  const username = p.username.trim();
  if (!USERNAME_RE.test(username)) throw badRequest(msg("usernameRule"), "username");
  try {
    return await afterCommit(
      db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(pendingSignUps)
          .where(and(eq(pendingSignUps.ticketHash, hashTicket(p.ticket)), gt(pendingSignUps.expiresAt, new Date())))
          .for("update");
        if (!row) throw unauthorized(msg("signUpExpired"));
        if ((await getRegistrationMode(tx)) === "CLOSED") throw new AppError("registration_closed", msg("registrationClosed"));
        // The address found a member meanwhile (a sign-up with a password): that member signs in another way.
        if (await memberByEmail(row.email, tx)) throw conflict(msg("emailTaken"));
        if (!(await nameFree(username, tx))) throw new AppError("conflict", msg("usernameTaken"), { field: "username" });
        const userId = await insertOAuthMember(tx, {
          username,
          email: row.email,
          avatar: row.avatar,
          emailVerified: row.emailVerified,
        });
        if (!userId) throw new AppError("conflict", msg("usernameTaken"), { field: "username" });
        await tx
          .insert(userIdentities)
          .values({ userId, provider: row.provider, issuer: row.issuer, subject: row.subject, email: row.email });
        await refreshMedal(tx, userId);
        await recordTermsAcceptance(tx, userId, await termsVersion(tx));
        await tx.delete(pendingSignUps).where(eq(pendingSignUps.id, row.id));
        return { userId, callbackUrl: row.callbackUrl };
      }),
      (r) => memberJoined(r.userId),
    );
  } catch (err) {
    // Two sign-ups racing for one name, or the provider account linked twice at once: the unique indexes decide.
    if (pgCode(err) === "23505") throw new AppError("conflict", msg("usernameTaken"), { field: "username" });
    throw err;
  }
}
