import "server-only";
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomInt } from "node:crypto";
import { and, eq, gt, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";
import { db, type DbOrTx } from "@/db";
import { signInTickets, twoFactorRecoveryCodes, users, userTwoFactor } from "@/db/schema";
import { authSecret } from "@/lib/auth-secret";
import { badRequest, conflict, msg, twoFactorInvalid, unauthorized } from "@/lib/errors";
import { accountLoginKey, countPasswordAttempt } from "@/lib/services/auth/login-attempts";
import { verifyPassword } from "@/lib/services/shared/passwords";
import { readSettings } from "@/lib/services/shared/site-settings";
import { siteIdentity } from "@/lib/services/site/identity";
import type { Viewer } from "@/lib/viewer";
import type { TwoFactorSetupDto, TwoFactorStatusDto } from "@/lib/validation/two-factor";

/** How many recovery codes a member gets (each works once). */
export const RECOVERY_CODE_COUNT = 10;
/** A half-done browser sign-in (the password was right) waits this long for its code. */
export const SIGN_IN_TICKET_TTL_MS = 5 * 60 * 1000;
/** A code of the step before or after the current one is still taken (a clock a little off, a slow typist). */
const EPOCH_TOLERANCE_SEC = 30;
const PERIOD_SEC = 30;

// --- the secret at rest: AES-256-GCM under a key derived from AUTH_SECRET ---

let keyCache: { secret: string; key: Buffer } | undefined;
function key(): Buffer {
  const secret = authSecret();
  if (keyCache?.secret !== secret) {
    keyCache = { secret, key: Buffer.from(hkdfSync("sha256", secret, "forum-two-factor", "totp secret v1", 32)) };
  }
  return keyCache.key;
}

function seal(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString("base64url")).join(".");
}

function open(sealed: string): string {
  const [iv, tag, body] = sealed.split(".").map((p) => Buffer.from(p, "base64url"));
  const decipher = createDecipheriv("aes-256-gcm", key(), iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(body!), decipher.final()]).toString("utf8");
}

// --- recovery codes: 10 characters of an alphabet without look-alikes, shown as xxxxx-xxxxx ---

const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const recoveryHash = (userId: number, code: string) => createHash("sha256").update(`recovery:${userId}:${code}`).digest("hex");
/** What a member typed, as it was hashed: case, spaces and dashes do not matter. */
const normalizeRecovery = (code: string) => code.toLowerCase().replace(/[\s-]/g, "");

function newRecoveryCode(): string {
  const c = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join("");
  return `${c.slice(0, 5)}-${c.slice(5)}`;
}

async function replaceRecoveryCodes(userId: number, tx: DbOrTx): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await tx.insert(twoFactorRecoveryCodes).values(codes.map((c) => ({ userId, codeHash: recoveryHash(userId, normalizeRecovery(c)) })));
  return codes;
}

// --- reads ---

/** Whether the member's sign-ins need a second step (a confirmed authenticator app). */
export async function hasTwoFactor(userId: number, tx: DbOrTx = db): Promise<boolean> {
  const [row] = await tx
    .select({ userId: userTwoFactor.userId })
    .from(userTwoFactor)
    .where(and(eq(userTwoFactor.userId, userId), isNotNull(userTwoFactor.confirmedAt)))
    .limit(1);
  return !!row;
}

/** GET /api/users/me/two-factor: is it on, how many recovery codes are left, must the caller have it. */
export async function getTwoFactorStatus(viewer: Pick<Viewer, "id" | "role">): Promise<TwoFactorStatusDto> {
  const [row] = await db.select({ confirmedAt: userTwoFactor.confirmedAt }).from(userTwoFactor).where(eq(userTwoFactor.userId, viewer.id));
  const [left] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, viewer.id), isNull(twoFactorRecoveryCodes.usedAt)));
  const enabled = !!row?.confirmedAt;
  return {
    enabled,
    confirmedAt: row?.confirmedAt?.toISOString() ?? null,
    recoveryCodesLeft: enabled ? (left?.n ?? 0) : 0,
    requiredForYou: viewer.role !== "USER" && (await readSettings()).staffTwoFactor,
  };
}

/**
 * Whether this member must set up two-factor sign-in before anything else: staff, the admin setting on,
 * and no confirmed app. Asked by every page rendered for one member (components/layout/two-factor-gate.tsx).
 */
export async function mustSetUpTwoFactor(viewer: Pick<Viewer, "id" | "role"> | null): Promise<boolean> {
  if (!viewer || viewer.role === "USER" || viewer.id <= 0) return false;
  if (!(await readSettings()).staffTwoFactor) return false;
  return !(await hasTwoFactor(viewer.id));
}

// --- turning it on and off ---

/**
 * POST /api/users/me/two-factor: a new secret for the member's authenticator app, not in force until a
 * code confirms it (a second call replaces an unconfirmed one). 409 while it is on.
 */
export async function startTwoFactor(viewer: Pick<Viewer, "id">): Promise<TwoFactorSetupDto> {
  const [u] = await db.select({ username: users.username }).from(users).where(eq(users.id, viewer.id));
  if (!u) throw unauthorized();
  if (await hasTwoFactor(viewer.id)) throw conflict(msg("twoFactorAlreadyOn"));
  const secret = generateSecret();
  // The issuer an authenticator app lists the entry under: the site's name as an admin set it (issue 61).
  const otpauthUri = generateURI({ issuer: (await siteIdentity()).name, label: u.username, secret });
  await db
    .insert(userTwoFactor)
    .values({ userId: viewer.id, secretEnc: seal(secret) })
    .onConflictDoUpdate({ target: userTwoFactor.userId, set: { secretEnc: seal(secret), lastTimeStep: 0, createdAt: new Date() } });
  const svg = await QRCode.toString(otpauthUri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { secret, otpauthUri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` };
}

/** The limit on codes: the site's `login` limit, per address and per account, as for passwords. */
const twoFactorKey = (userId: number) => `two-factor:user:${userId}`;

/** The step of `code` if it is the member's current TOTP code (one step either side) and newer than the last one taken. */
async function matchTotp(secretEnc: string, lastTimeStep: number, code: string): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const r = await verify({
    secret: open(secretEnc),
    token: code,
    epochTolerance: EPOCH_TOLERANCE_SEC,
    afterTimeStep: lastTimeStep,
    period: PERIOD_SEC,
  });
  return r.valid && "timeStep" in r ? r.timeStep : null;
}

/** Takes the code's step as the last one used, unless a concurrent request took it (or a later one) first. */
async function takeStep(userId: number, step: number, tx: DbOrTx = db): Promise<boolean> {
  const taken = await tx
    .update(userTwoFactor)
    .set({ lastTimeStep: step })
    .where(and(eq(userTwoFactor.userId, userId), lt(userTwoFactor.lastTimeStep, step)))
    .returning({ userId: userTwoFactor.userId });
  return taken.length > 0;
}

/**
 * POST /api/users/me/two-factor/confirm: the first code from the app turns two-factor sign-in on and
 * returns the 10 recovery codes (shown this once; only their hashes are kept). Wrong codes count like
 * wrong passwords (429 past the `login` limit); 400 naming `code` for a wrong one.
 */
export async function confirmTwoFactor(
  viewer: Pick<Viewer, "id">,
  input: { code: string; ip: string },
): Promise<{ recoveryCodes: string[] }> {
  const [row] = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, viewer.id));
  if (!row) throw badRequest(msg("twoFactorNotStarted"), "code");
  if (row.confirmedAt) throw conflict(msg("twoFactorAlreadyOn"));
  const attempt = await countPasswordAttempt(input.ip, twoFactorKey(viewer.id));
  const step = await matchTotp(row.secretEnc, row.lastTimeStep, input.code.trim());
  if (step === null) throw badRequest(msg("twoFactorCodeWrong"), "code");
  await attempt.succeeded();
  return db.transaction(async (tx) => {
    const on = await tx
      .update(userTwoFactor)
      .set({ confirmedAt: new Date(), lastTimeStep: step })
      .where(and(eq(userTwoFactor.userId, viewer.id), isNull(userTwoFactor.confirmedAt), eq(userTwoFactor.secretEnc, row.secretEnc)))
      .returning({ userId: userTwoFactor.userId });
    if (!on.length) throw conflict(msg("twoFactorAlreadyOn"));
    return { recoveryCodes: await replaceRecoveryCodes(viewer.id, tx) };
  });
}

/**
 * POST /api/users/me/two-factor/recovery-codes: 10 new recovery codes (the old ones stop working);
 * needs a current code, as turning it off does.
 */
export async function regenerateRecoveryCodes(
  viewer: Pick<Viewer, "id">,
  input: { code: string; ip: string },
): Promise<{ recoveryCodes: string[] }> {
  if (!(await hasTwoFactor(viewer.id))) throw badRequest(msg("twoFactorOff"), "code");
  const attempt = await countPasswordAttempt(input.ip, twoFactorKey(viewer.id));
  if (!(await spendSecondFactor(viewer.id, input.code))) throw badRequest(msg("twoFactorCodeWrong"), "code");
  await attempt.succeeded();
  return { recoveryCodes: await db.transaction((tx) => replaceRecoveryCodes(viewer.id, tx)) };
}

/**
 * DELETE /api/users/me/two-factor {password, code}: turns it off. The password counts as a sign-in
 * attempt (400 naming `password` when wrong), the code as a code attempt (400 naming `code`); both
 * limited like sign-ins (429).
 */
export async function disableTwoFactor(
  viewer: Pick<Viewer, "id">,
  input: { password: string; code: string; ip: string },
): Promise<{ enabled: false }> {
  if (!(await hasTwoFactor(viewer.id))) throw badRequest(msg("twoFactorOff"), "code");
  const passwordAttempt = await countPasswordAttempt(input.ip, accountLoginKey(viewer.id));
  const [u] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, viewer.id));
  if (!u || !(await verifyPassword(input.password, u.passwordHash))) throw badRequest(msg("twoFactorPasswordWrong"), "password");
  await passwordAttempt.succeeded();
  const codeAttempt = await countPasswordAttempt(input.ip, twoFactorKey(viewer.id));
  if (!(await spendSecondFactor(viewer.id, input.code))) throw badRequest(msg("twoFactorCodeWrong"), "code");
  await codeAttempt.succeeded();
  await db.transaction(async (tx) => {
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, viewer.id));
    await tx.delete(userTwoFactor).where(eq(userTwoFactor.userId, viewer.id));
  });
  return { enabled: false };
}

/**
 * Uses up `code` as the member's second factor: a current TOTP code newer than the last one taken
 * (so a code works once), or an unused recovery code (used up in one conditional update, so twice at
 * once works once). False for anything else. Not counted: the callers count attempts first.
 */
async function spendSecondFactor(userId: number, raw: string): Promise<boolean> {
  const code = raw.trim();
  if (!code || code.length > 64) return false;
  const [row] = await db
    .select()
    .from(userTwoFactor)
    .where(and(eq(userTwoFactor.userId, userId), isNotNull(userTwoFactor.confirmedAt)));
  if (!row) return false;
  const step = await matchTotp(row.secretEnc, row.lastTimeStep, code);
  if (step !== null) return takeStep(userId, step);
  const used = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, recoveryHash(userId, normalizeRecovery(code))),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return used.length > 0;
}

/**
 * The second step of a sign-in whose password was right (POST /api/auth/login with `otp`, the browser
 * form's code step): counted per address and per account like passwords, before the check (429 once
 * used up); 401 `two_factor_invalid` for a wrong, reused or out-of-date code.
 */
export async function checkSecondFactor(input: { userId: number; code: string; ip: string }): Promise<void> {
  const attempt = await countPasswordAttempt(input.ip, twoFactorKey(input.userId));
  if (!(await spendSecondFactor(input.userId, input.code))) throw twoFactorInvalid();
  await attempt.succeeded();
}

// --- the browser's code step ---

const ticketHash = (ticket: string) => createHash("sha256").update(`sign-in-ticket:${ticket}`).digest("hex");

/** A ticket for the code step of a browser sign-in whose password was right (5 minutes). */
export async function createSignInTicket(userId: number): Promise<string> {
  const ticket = randomBytes(32).toString("base64url");
  await db
    .insert(signInTickets)
    .values({ userId, ticketHash: ticketHash(ticket), expiresAt: new Date(Date.now() + SIGN_IN_TICKET_TTL_MS) });
  // Old tickets of anyone are of no use: clear the expired ones as new ones are made.
  await db.delete(signInTickets).where(lt(signInTickets.expiresAt, sql`now()`));
  return ticket;
}

/**
 * The code step of a browser sign-in: the member of a live ticket, once `code` proved right (the ticket
 * is then used up; a wrong code leaves it for another try while it lasts). 401 `unauthorized` for an
 * unknown or expired ticket, 401 `two_factor_invalid` for a wrong code, 429 past the limit.
 */
export async function redeemSignInTicket(input: { ticket: string; code: string; ip: string }): Promise<number> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(input.ticket)) throw unauthorized(msg("wrongCredentials"));
  const live = and(eq(signInTickets.ticketHash, ticketHash(input.ticket)), gt(signInTickets.expiresAt, sql`now()`));
  const [t] = await db.select({ userId: signInTickets.userId }).from(signInTickets).where(live).limit(1);
  if (!t) throw unauthorized(msg("wrongCredentials"));
  await checkSecondFactor({ userId: t.userId, code: input.code, ip: input.ip });
  const used = await db.delete(signInTickets).where(live).returning({ userId: signInTickets.userId });
  if (!used.length) throw unauthorized(msg("wrongCredentials"));
  return t.userId;
}
