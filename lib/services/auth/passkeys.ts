import "server-only";
import { createHash } from "node:crypto";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type VerifyAuthenticationResponseOpts,
  type VerifyRegistrationResponseOpts,
} from "@simplewebauthn/server";
import { isoBase64URL, isoUint8Array } from "@simplewebauthn/server/helpers";
import { and, asc, eq, gt, lt, or, sql } from "drizzle-orm";
import { db } from "@/db";
import { passkeyChallenges, userPasskeys, users } from "@/db/schema";
import { badRequest, conflict, msg, notFound, unauthorized } from "@/lib/errors";
import { env } from "@/lib/env";
import { clearRateLimit, hitRateLimit } from "@/lib/limits/rate-limit";
import { countPasswordAttempt } from "@/lib/services/auth/login-attempts";
import { issueLoginToken } from "@/lib/services/auth/tokens";
import { getMe } from "@/lib/services/shared/me";
import type { AuthResultDto } from "@/lib/validation/auth";
import {
  authenticationResponseSchema,
  PASSKEYS_MAX,
  type AuthenticationResponseInput,
  type PasskeyDto,
  type RegistrationResponseInput,
} from "@/lib/validation/passkeys";
import type { Viewer } from "@/lib/viewer";

/** A challenge is good for one response, within this time. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Anonymous sign-in options per address and minute (each one stores a challenge). */
const OPTIONS_PER_MINUTE = 30;

/**
 * The relying party: PUBLIC_URL's host name and origin (else this machine on PORT, as mail links). A
 * passkey works only on the host it was made for, so PUBLIC_URL must be the address members use.
 */
export function relyingParty(): { rpID: string; origin: string; name: string } {
  const e = env();
  const base = new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`);
  return { rpID: base.hostname, origin: base.origin, name: e.SITE_NAME?.trim() || "Forum" };
}

/** The WebAuthn user id of a member: the UTF-8 bytes of their id (the same bytes passkeys made before were given). */
const userIdBytes = (userId: number) => isoUint8Array.fromUTF8String(String(userId));

/**
 * Whether the `userHandle` a browser handed back names this member: base64url of the user id's bytes
 * (@simplewebauthn/browser 10 and later), or the id as text (version 9, which a page loaded before an
 * upgrade may still run). The two never collide: the base64url of digits never is all digits.
 */
const handleNames = (handle: string, userId: number) =>
  handle === isoBase64URL.fromBuffer(userIdBytes(userId)) || handle === String(userId);

type Row = typeof userPasskeys.$inferSelect;
const toDto = (r: Row): PasskeyDto => ({
  id: r.id,
  name: r.name,
  transports: r.transports,
  createdAt: r.createdAt.toISOString(),
  lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
});

type Transports = NonNullable<VerifyAuthenticationResponseOpts["credential"]["transports"]>;
const descriptor = (r: Pick<Row, "credentialId" | "transports">) => ({
  id: r.credentialId,
  transports: r.transports as Transports,
});

// --- challenges ---

async function storeChallenge(challenge: string, purpose: "register" | "sign_in", userId: number | null) {
  // Old challenges of anyone are of no use: cleared as new ones are made.
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, sql`now()`));
  await db.insert(passkeyChallenges).values({ challenge, purpose, userId, expiresAt: new Date(Date.now() + PASSKEY_CHALLENGE_TTL_MS) });
}

/** The challenge a response signed (from its clientDataJSON), or null when it names none. */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(isoBase64URL.toUTF8String(clientDataJSON)) as { challenge?: unknown };
    return typeof data.challenge === "string" && /^[A-Za-z0-9_-]{16,200}$/.test(data.challenge) ? data.challenge : null;
  } catch {
    return null;
  }
}

/**
 * Uses up the live challenge a response signed: one delete, so the same response sent twice (or two
 * responses to one challenge) gets through once. A `register` challenge counts only for its member.
 */
async function takeChallenge(clientDataJSON: string, purpose: "register" | "sign_in", userId: number | null): Promise<string | null> {
  const challenge = challengeOf(clientDataJSON);
  if (!challenge) return null;
  const taken = await db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.challenge, challenge),
        eq(passkeyChallenges.purpose, purpose),
        gt(passkeyChallenges.expiresAt, sql`now()`),
        userId === null ? undefined : eq(passkeyChallenges.userId, userId),
      ),
    )
    .returning({ id: passkeyChallenges.id });
  return taken.length ? challenge : null;
}

// --- a member's passkeys ---

/** GET /api/users/me/passkeys: the caller's passkeys, oldest first. */
export async function listPasskeys(viewer: Pick<Viewer, "id">): Promise<PasskeyDto[]> {
  const rows = await db.select().from(userPasskeys).where(eq(userPasskeys.userId, viewer.id)).orderBy(asc(userPasskeys.id));
  return rows.map(toDto);
}

/**
 * POST /api/users/me/passkeys/options: the options for the browser's navigator.credentials.create(): a
 * discoverable credential (so it signs in without a username) with user verification, none of the
 * member's passkeys again. 409 at PASSKEYS_MAX.
 */
export async function passkeyRegistrationOptions(viewer: Pick<Viewer, "id">) {
  const [u] = await db.select({ username: users.username, displayName: users.displayName }).from(users).where(eq(users.id, viewer.id));
  if (!u) throw unauthorized();
  const existing = await db
    .select({ credentialId: userPasskeys.credentialId, transports: userPasskeys.transports })
    .from(userPasskeys)
    .where(eq(userPasskeys.userId, viewer.id));
  if (existing.length >= PASSKEYS_MAX) throw conflict(msg("passkeyLimit", { max: PASSKEYS_MAX }));
  const rp = relyingParty();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.rpID,
    userID: userIdBytes(viewer.id),
    userName: u.username,
    userDisplayName: u.displayName || u.username,
    attestationType: "none",
    timeout: PASSKEY_CHALLENGE_TTL_MS,
    excludeCredentials: existing.map(descriptor),
    authenticatorSelection: { residentKey: "required", requireResidentKey: true, userVerification: "required" },
  });
  await storeChallenge(options.challenge, "register", viewer.id);
  return options;
}

/**
 * POST /api/users/me/passkeys {response, name?}: checks the browser's answer to the caller's own live
 * challenge (origin, relying party, user verification) and keeps the credential. 400 naming `response`
 * when the challenge is unknown, used or out of date, or the answer does not verify; 409 for a passkey
 * added already (by anyone) or past PASSKEYS_MAX.
 */
export async function registerPasskey(
  viewer: Pick<Viewer, "id">,
  input: { response: RegistrationResponseInput; name?: string },
): Promise<PasskeyDto> {
  const challenge = await takeChallenge(input.response.response.clientDataJSON, "register", viewer.id);
  if (!challenge) throw badRequest(msg("passkeyChallengeInvalid"), "response");
  const rp = relyingParty();
  let info: Awaited<ReturnType<typeof verifyRegistrationResponse>>["registrationInfo"];
  try {
    const r = await verifyRegistrationResponse({
      response: input.response as unknown as VerifyRegistrationResponseOpts["response"],
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: true,
    });
    info = r.verified ? r.registrationInfo : undefined;
  } catch {
    info = undefined;
  }
  if (!info) throw badRequest(msg("passkeyRegistrationFailed"), "response");
  const credentialId = info.credential.id;
  const transports = (input.response.response.transports ?? []).filter((t) => /^[a-z-]{1,32}$/.test(t));
  return db.transaction(async (tx) => {
    // One member's additions in turn (the count below, then the insert).
    await tx.select({ id: users.id }).from(users).where(eq(users.id, viewer.id)).for("update");
    const [n] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(userPasskeys)
      .where(eq(userPasskeys.userId, viewer.id));
    const count = n?.n ?? 0;
    if (count >= PASSKEYS_MAX) throw conflict(msg("passkeyLimit", { max: PASSKEYS_MAX }));
    const [row] = await tx
      .insert(userPasskeys)
      .values({
        userId: viewer.id,
        credentialId,
        publicKey: Buffer.from(info.credential.publicKey),
        counter: info.credential.counter,
        transports,
        name: input.name || `Passkey ${count + 1}`,
      })
      .onConflictDoNothing({ target: userPasskeys.credentialId })
      .returning();
    if (!row) throw conflict(msg("passkeyExists"));
    return toDto(row);
  });
}

/** PUT /api/users/me/passkeys/{id} {name}: renames one of the caller's passkeys (404 for anyone else's). */
export async function renamePasskey(viewer: Pick<Viewer, "id">, input: { id: number; name: string }): Promise<PasskeyDto> {
  const [row] = await db
    .update(userPasskeys)
    .set({ name: input.name })
    .where(and(eq(userPasskeys.id, input.id), eq(userPasskeys.userId, viewer.id)))
    .returning();
  if (!row) throw notFound(msg("passkeyNotFound"));
  return toDto(row);
}

/** DELETE /api/users/me/passkeys/{id}: removes one of the caller's passkeys (404 for anyone else's). */
export async function deletePasskey(viewer: Pick<Viewer, "id">, input: { id: number }): Promise<{ deleted: true }> {
  const gone = await db
    .delete(userPasskeys)
    .where(and(eq(userPasskeys.id, input.id), eq(userPasskeys.userId, viewer.id)))
    .returning({ id: userPasskeys.id });
  if (!gone.length) throw notFound(msg("passkeyNotFound"));
  return { deleted: true };
}

// --- signing in ---

/**
 * POST /api/auth/passkey/options {username?}: the options for navigator.credentials.get(). Without a
 * username any passkey of this site may answer (discoverable credentials); with one, the browser is
 * also told that member's passkeys (an unknown name lists none, like a member without passkeys).
 * Limited per address (429), since each call stores a challenge.
 */
export async function passkeySignInOptions(input: { username?: string; ip: string }) {
  await hitRateLimit(`passkey-options:ip:${input.ip}`, OPTIONS_PER_MINUTE, 60);
  let allow: Pick<Row, "credentialId" | "transports">[] = [];
  const name = input.username?.trim().toLowerCase();
  if (name) {
    allow = await db
      .select({ credentialId: userPasskeys.credentialId, transports: userPasskeys.transports })
      .from(userPasskeys)
      .innerJoin(users, eq(users.id, userPasskeys.userId))
      .where(or(eq(sql`lower(${users.username})`, name), eq(sql`lower(${users.email})`, name)));
  }
  const rp = relyingParty();
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    timeout: PASSKEY_CHALLENGE_TTL_MS,
    userVerification: "required",
    allowCredentials: allow.map(descriptor),
  });
  await storeChallenge(options.challenge, "sign_in", null);
  return options;
}

const credentialKey = (credentialId: string) =>
  `passkey:credential:${createHash("sha256").update(credentialId).digest("hex").slice(0, 32)}`;

/**
 * The one passkey check of every sign-in path (Auth.js `authorize()` behind the browser's button and
 * POST /api/auth/passkey/verify): the member whose passkey signed a live sign-in challenge (used up
 * here), with user verification, from this site's origin, its signature counter moving forward. The
 * passkey is the second factor too: no code is asked. Attempts are counted per address and per
 * passkey like passwords (429 once used up; a success forgives the passkey's failures); a failure is
 * a 401 `unauthorized`.
 */
export async function verifyPasskeySignIn(input: { response: AuthenticationResponseInput; ip: string }): Promise<number> {
  const { response } = input;
  const key = credentialKey(response.id);
  const attempt = await countPasswordAttempt(input.ip, key);
  const challenge = await takeChallenge(response.response.clientDataJSON, "sign_in", null);
  if (!challenge) throw unauthorized(msg("passkeyChallengeInvalid"));
  const [cred] = await db.select().from(userPasskeys).where(eq(userPasskeys.credentialId, response.id)).limit(1);
  if (!cred) throw unauthorized(msg("passkeyRefused"));
  // A discoverable credential names its member; it must be the one the passkey was made for.
  if (response.response.userHandle && !handleNames(response.response.userHandle, cred.userId)) {
    throw unauthorized(msg("passkeyRefused"));
  }
  const rp = relyingParty();
  let newCounter: number | null = null;
  try {
    const r = await verifyAuthenticationResponse({
      response: response as unknown as VerifyAuthenticationResponseOpts["response"],
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: true,
      credential: {
        id: cred.credentialId,
        publicKey: new Uint8Array(cred.publicKey),
        counter: cred.counter,
        transports: cred.transports as Transports,
      },
    });
    if (r.verified) newCounter = r.authenticationInfo.newCounter;
  } catch {
    newCounter = null;
  }
  if (newCounter === null) throw unauthorized(msg("passkeyRefused"));
  // The counter moves forward (or stays 0 for authenticators that keep none), in one conditional
  // update, so two assertions with the same counter sent at once sign in once.
  const moved = await db
    .update(userPasskeys)
    .set({ counter: newCounter, lastUsedAt: sql`now()` })
    .where(and(eq(userPasskeys.id, cred.id), newCounter === 0 ? eq(userPasskeys.counter, 0) : lt(userPasskeys.counter, newCounter)))
    .returning({ userId: userPasskeys.userId });
  if (!moved.length) throw unauthorized(msg("passkeyRefused"));
  await attempt.succeeded();
  // As with passwords: a success forgives the passkey's failures (not the address's).
  await clearRateLimit(key);
  return cred.userId;
}

/** The browser's sign-in: the response as the form sent it (JSON); 401 when it is not one. */
export async function verifyPasskeySignInJson(input: { json: string; ip: string }): Promise<number> {
  let parsed: AuthenticationResponseInput;
  try {
    parsed = authenticationResponseSchema.parse(JSON.parse(input.json));
  } catch {
    throw unauthorized(msg("passkeyRefused"));
  }
  return verifyPasskeySignIn({ response: parsed, ip: input.ip });
}

/** POST /api/auth/passkey/verify {response}: a passkey for a 30-day login token (as POST /api/auth/login). */
export async function loginWithPasskey(input: {
  response: AuthenticationResponseInput;
  ip: string;
  userAgent?: string;
}): Promise<AuthResultDto> {
  const userId = await verifyPasskeySignIn(input);
  const t = await issueLoginToken(db, userId, input.userAgent);
  return { token: t.token, expiresAt: t.expiresAt, user: await getMe({ id: userId }) };
}
