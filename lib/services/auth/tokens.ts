import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, inArray, isNull, or } from "drizzle-orm";
import { db, type DbOrTx } from "@/db";
import { apiTokens, users, type TokenScope, type UserRole } from "@/db/schema";
import { unauthorized, msg } from "@/lib/errors";
import { storableHeader } from "@/lib/validation/text";

export const TOKEN_PREFIX = "fp_";
export const LOGIN_TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A fresh opaque token: `fp_` + 43 base64url characters (256 random bits). */
export function generateToken(): string {
  return TOKEN_PREFIX + randomBytes(32).toString("base64url");
}

export type IssuedToken = { id: number; token: string; prefix: string; expiresAt: string | null };

/** Stores only the SHA-256 of a new token and returns the token itself, once. */
export async function issueToken(
  tx: DbOrTx,
  input: { userId: number; name: string; scopes: TokenScope[]; expiresAt: Date | null; kind?: "login" | "personal"; userAgent?: string },
): Promise<IssuedToken> {
  const token = generateToken();
  const prefix = token.slice(0, 10);
  const [row] = await tx
    .insert(apiTokens)
    .values({
      userId: input.userId,
      name: input.name,
      tokenHash: hashToken(token),
      prefix,
      scopes: input.scopes,
      kind: input.kind ?? "personal",
      // The client's header, cleaned rather than refused (lib/validation/text.ts).
      userAgent: storableHeader((input.userAgent ?? "").slice(0, 300)),
      expiresAt: input.expiresAt,
    })
    .returning({ id: apiTokens.id });
  return { id: row!.id, token, prefix, expiresAt: input.expiresAt?.toISOString() ?? null };
}

/** A 30-day login token (read and write) for a member who just signed in or registered. */
export function issueLoginToken(tx: DbOrTx, userId: number, userAgent?: string): Promise<IssuedToken> {
  return issueToken(tx, {
    userId,
    name: "login",
    scopes: ["read", "write"],
    expiresAt: new Date(Date.now() + LOGIN_TOKEN_TTL_MS),
    kind: "login",
    userAgent,
  });
}

export type TokenViewer = {
  id: number;
  username: string;
  role: UserRole;
  scopes: TokenScope[];
  tokenId: number;
  suspendedUntil: string | null;
};

/** Resolves a bearer token to its user; throws 401 for an unknown, revoked or expired token. */
export async function verifyToken(token: string): Promise<TokenViewer> {
  if (!token.startsWith(TOKEN_PREFIX) || token.length > 200) throw unauthorized(msg("invalidToken"));
  const [row] = await db
    .select({
      tokenId: apiTokens.id,
      scopes: apiTokens.scopes,
      expiresAt: apiTokens.expiresAt,
      revokedAt: apiTokens.revokedAt,
      lastUsedAt: apiTokens.lastUsedAt,
      id: users.id,
      username: users.username,
      role: users.role,
      suspendedUntil: users.suspendedUntil,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.tokenHash, hashToken(token)))
    .limit(1);
  const now = Date.now();
  if (!row || row.revokedAt || (row.expiresAt && row.expiresAt.getTime() <= now)) {
    throw unauthorized(msg("invalidToken"));
  }
  // lastUsedAt is kept to the minute so that a busy client does not turn every read into a write.
  if (!row.lastUsedAt || now - row.lastUsedAt.getTime() > 60_000) {
    await db
      .update(apiTokens)
      .set({ lastUsedAt: new Date(now) })
      .where(eq(apiTokens.id, row.tokenId));
  }
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    scopes: row.scopes as TokenScope[],
    tokenId: row.tokenId,
    suspendedUntil: activeSuspension(row.suspendedUntil),
  };
}

export async function listTokens(userId: number) {
  const rows = await db
    .select()
    .from(apiTokens)
    .where(
      and(
        eq(apiTokens.userId, userId),
        inArray(apiTokens.kind, ["personal", "login"]),
        isNull(apiTokens.revokedAt),
        // Expired login tokens are gone for good; expired personal ones stay listed until revoked.
        or(eq(apiTokens.kind, "personal"), gt(apiTokens.expiresAt, new Date())),
      ),
    )
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map((t) => ({
    id: t.id,
    name: t.name,
    prefix: t.prefix,
    scopes: t.scopes,
    kind: t.kind === "login" ? ("login" as const) : ("personal" as const),
    createdAt: t.createdAt.toISOString(),
    lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
    expiresAt: t.expiresAt?.toISOString() ?? null,
  }));
}

/** The end of a suspension still running, as ISO, else null. */
export function activeSuspension(until: Date | null): string | null {
  return until && until.getTime() > Date.now() ? until.toISOString() : null;
}
