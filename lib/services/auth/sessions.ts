import "server-only";
import { activeSuspension } from "@/lib/services/auth/tokens";
import { randomBytes } from "node:crypto";
import { and, desc, eq, gt, inArray, isNull, ne, or } from "drizzle-orm";
import { db, type DbOrTx } from "@/db";
import { apiTokens, users, userSessions, type UserRole } from "@/db/schema";
import { notFound, msg } from "@/lib/errors";
import { hashToken } from "@/lib/services/auth/tokens";
import type { SignInDto } from "@/lib/validation/auth";
import { storableHeader } from "@/lib/validation/text";

/** Browser sessions last as long as the Auth.js cookie (30 days), counted from the last use. */
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;

/** One sign-in of a user: a browser session (`user_sessions`) or a bearer token (`api_tokens`). */
export type SessionRef = { kind: "session" | "token"; id: number };

/** Starts a browser session; the returned secret goes into the (encrypted) Auth.js cookie, only its hash is stored. */
export async function createBrowserSession(input: {
  userId: number;
  userAgent?: string;
  ip?: string;
}): Promise<{ id: number; secret: string }> {
  const secret = randomBytes(32).toString("base64url");
  const [row] = await db
    .insert(userSessions)
    .values({
      userId: input.userId,
      tokenHash: hashToken(secret),
      // Headers are the client's: cleaned, not refused (a NUL cannot be stored; a cut pair is U+FFFD).
      userAgent: storableHeader((input.userAgent ?? "").slice(0, 300)),
      ip: storableHeader((input.ip ?? "").slice(0, 64)),
      expiresAt: new Date(Date.now() + SESSION_TTL_MS),
    })
    .returning({ id: userSessions.id });
  return { id: row!.id, secret };
}

export type SessionViewer = { sessionId: number; id: number; username: string; role: UserRole; suspendedUntil: string | null };

/**
 * The user of a live browser session, or null (unknown, revoked or expired). One query: the session
 * row joined to its user, which replaces the user lookup the cookie needed anyway, so a revocable
 * session costs no extra query. The last use (and the expiry) move at most once a minute.
 */
export async function resolveBrowserSession(secret: string): Promise<SessionViewer | null> {
  if (!secret || secret.length > 200) return null;
  const [row] = await db
    .select({
      sessionId: userSessions.id,
      lastUsedAt: userSessions.lastUsedAt,
      expiresAt: userSessions.expiresAt,
      revokedAt: userSessions.revokedAt,
      id: users.id,
      username: users.username,
      role: users.role,
      suspendedUntil: users.suspendedUntil,
    })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .where(eq(userSessions.tokenHash, hashToken(secret)))
    .limit(1);
  const now = Date.now();
  if (!row || row.revokedAt || row.expiresAt.getTime() <= now) return null;
  if (now - row.lastUsedAt.getTime() > 60_000) {
    await db
      .update(userSessions)
      .set({ lastUsedAt: new Date(now), expiresAt: new Date(now + SESSION_TTL_MS) })
      .where(eq(userSessions.id, row.sessionId));
  }
  return {
    sessionId: row.sessionId,
    id: row.id,
    username: row.username,
    role: row.role,
    suspendedUntil: activeSuspension(row.suspendedUntil),
  };
}

/** Ends the browser session whose cookie carries `secret` (Auth.js sign-out). */
export async function revokeBrowserSessionBySecret(secret: string): Promise<void> {
  if (!secret) return;
  await db
    .update(userSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(userSessions.tokenHash, hashToken(secret)), isNull(userSessions.revokedAt)));
}

/** The caller as these verbs need it: lib/viewer.ts's Viewer (which imports SessionRef from here) fits. */
type SignedIn = { id: number; session?: SessionRef | null };

/**
 * POST /api/auth/logout: ends the sign-in the request came with, or with `everywhere` every browser
 * session and login token of the account. Returns how many were ended.
 */
export async function signOut(viewer: SignedIn, input: { everywhere?: boolean | null }): Promise<{ sessions: number; tokens: number }> {
  if (input.everywhere) return revokeUserSessions(viewer.id);
  const ref = viewer.session;
  if (!ref) return { sessions: 0, tokens: 0 };
  await revokeSignIn(viewer.id, ref);
  return { sessions: ref.kind === "session" ? 1 : 0, tokens: ref.kind === "token" ? 1 : 0 };
}

/** Ends the sign-in a request was authenticated with. */
export async function revokeSignIn(userId: number, ref: SessionRef): Promise<void> {
  if (ref.kind === "session") await revokeBrowserSession({ id: userId }, { sessionId: ref.id });
  else {
    await db
      .update(apiTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiTokens.id, ref.id), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)));
  }
}

/** Ends one of the user's own browser sessions; someone else's, unknown or ended ones are a 404. */
export async function revokeBrowserSession(viewer: SignedIn, { sessionId }: { sessionId: number }): Promise<void> {
  const userId = viewer.id;
  const rows = await db
    .update(userSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(userSessions.id, sessionId), eq(userSessions.userId, userId), isNull(userSessions.revokedAt)))
    .returning({ id: userSessions.id });
  if (rows.length === 0) throw notFound(msg("sessionNotFound"));
}

/**
 * Signs a user out everywhere: ends every browser session and every login token (from
 * POST /api/auth/login) of `userId`, except `keep` (the caller's own sign-in, e.g. after a password
 * change). Named personal API tokens stay unless `personalTokens` is true. Runs in `tx` when given,
 * so a password change or reset and the revocation commit together. Returns how many were ended.
 */
export async function revokeUserSessions(
  userId: number,
  opts: { keep?: SessionRef | null; personalTokens?: boolean; tx?: DbOrTx } = {},
): Promise<{ sessions: number; tokens: number }> {
  const runner = opts.tx ?? db;
  const now = new Date();
  const keep = opts.keep ?? null;
  const sessions = await runner
    .update(userSessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(userSessions.userId, userId),
        isNull(userSessions.revokedAt),
        keep?.kind === "session" ? ne(userSessions.id, keep.id) : undefined,
      ),
    )
    .returning({ id: userSessions.id });
  const tokens = await runner
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(apiTokens.userId, userId),
        isNull(apiTokens.revokedAt),
        opts.personalTokens ? undefined : eq(apiTokens.kind, "login"),
        keep?.kind === "token" ? ne(apiTokens.id, keep.id) : undefined,
      ),
    )
    .returning({ id: apiTokens.id });
  return { sessions: sessions.length, tokens: tokens.length };
}

/** What a live stream was opened with: its user as resolved then, and the sign-in (lib/viewer.ts's Viewer fits). */
type HeldSignIn = { id: number; role: UserRole; session?: SessionRef | null };

/**
 * Of `held`, the sign-ins that no longer stand as they were resolved: the session or token was revoked,
 * expired or deleted, or its user is gone, suspended or has another role. The live streams' backstop
 * (lib/live/events.ts) asks it for all of a process's streams at once: three queries per 5,000 sign-ins.
 */
export async function endedSignIns<T extends HeldSignIn>(held: readonly T[]): Promise<T[]> {
  const ids = (kind: SessionRef["kind"]) => [...new Set(held.flatMap((h) => (h.session?.kind === kind ? [h.session.id] : [])))];
  const chunks = <I>(xs: I[]) => Array.from({ length: Math.ceil(xs.length / 5000) }, (_, i) => xs.slice(i * 5000, i * 5000 + 5000));
  const now = new Date();
  const liveSessions = new Set<number>();
  const liveTokens = new Set<number>();
  const accounts = new Map<number, { role: UserRole; suspendedUntil: Date | null }>();
  for (const part of chunks(ids("session"))) {
    const rows = await db
      .select({ id: userSessions.id })
      .from(userSessions)
      .where(and(inArray(userSessions.id, part), isNull(userSessions.revokedAt), gt(userSessions.expiresAt, now)));
    for (const r of rows) liveSessions.add(r.id);
  }
  for (const part of chunks(ids("token"))) {
    const rows = await db
      .select({ id: apiTokens.id })
      .from(apiTokens)
      .where(and(inArray(apiTokens.id, part), isNull(apiTokens.revokedAt), or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now))));
    for (const r of rows) liveTokens.add(r.id);
  }
  for (const part of chunks([...new Set(held.map((h) => h.id))])) {
    const rows = await db
      .select({ id: users.id, role: users.role, suspendedUntil: users.suspendedUntil })
      .from(users)
      .where(inArray(users.id, part));
    for (const r of rows) accounts.set(r.id, r);
  }
  return held.filter((h) => {
    const account = accounts.get(h.id);
    if (!account || account.role !== h.role || activeSuspension(account.suspendedUntil)) return true;
    if (h.session?.kind === "session") return !liveSessions.has(h.session.id);
    if (h.session?.kind === "token") return !liveTokens.has(h.session.id);
    return false;
  });
}

/**
 * The caller's active sign-ins, newest first: browser sessions and login tokens (personal API tokens
 * are managed on their own page). The one the request came with (`viewer.session`) is marked current.
 */
export async function listSignIns(viewer: SignedIn): Promise<SignInDto[]> {
  const userId = viewer.id;
  const current = viewer.session;
  const now = new Date();
  const [sessions, tokens] = await Promise.all([
    db
      .select()
      .from(userSessions)
      .where(and(eq(userSessions.userId, userId), isNull(userSessions.revokedAt), gt(userSessions.expiresAt, now)))
      .orderBy(desc(userSessions.lastUsedAt))
      .limit(200),
    db
      .select()
      .from(apiTokens)
      .where(
        and(
          eq(apiTokens.userId, userId),
          eq(apiTokens.kind, "login"),
          isNull(apiTokens.revokedAt),
          or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now)),
        ),
      )
      .orderBy(desc(apiTokens.createdAt))
      .limit(200),
  ]);
  const out: SignInDto[] = [
    ...sessions.map((s) => ({
      id: s.id,
      kind: "browser" as const,
      userAgent: s.userAgent,
      ip: s.ip || null,
      createdAt: s.createdAt.toISOString(),
      lastUsedAt: s.lastUsedAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
      current: current?.kind === "session" && current.id === s.id,
    })),
    ...tokens.map((t) => ({
      id: t.id,
      kind: "login_token" as const,
      userAgent: t.userAgent,
      ip: null,
      createdAt: t.createdAt.toISOString(),
      lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
      expiresAt: t.expiresAt?.toISOString() ?? null,
      current: current?.kind === "token" && current.id === t.id,
    })),
  ];
  return out.sort((a, b) => (b.lastUsedAt ?? b.createdAt).localeCompare(a.lastUsedAt ?? a.createdAt));
}
