// A member's personal API tokens (settings page, /api/tokens): list, create, revoke. Issuing and
// checking tokens is tokens.ts.
import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { db } from "@/db";
import { apiTokens, type TokenScope } from "@/db/schema";
import { notFound, msg } from "@/lib/errors";
import { iso } from "@/lib/services/dto";
import { assertCanManageTokens } from "@/lib/permissions";
import { afterCommit, announce } from "@/lib/changes/announce";
import { tokenChanged } from "@/lib/changes/written";
import { issueToken, listTokens } from "@/lib/services/auth/tokens";
import type { ApiTokenDto, CreatedTokenDto, CreateTokenInput } from "@/lib/validation/auth";
import type { Viewer } from "@/lib/viewer";

/** The caller's API tokens, newest first: named personal tokens and the login tokens of POST /api/auth/login. */
export async function listPersonalTokens(viewer: Viewer): Promise<ApiTokenDto[]> {
  assertCanManageTokens(viewer);
  const userId = viewer.id;
  return (await listTokens(userId)).map((t) => ({ ...t, scopes: t.scopes as TokenScope[] }));
}

/** Creates a named personal token; the secret is in the answer once and only its hash is stored. */
export async function createPersonalToken(viewer: Viewer, input: CreateTokenInput): Promise<CreatedTokenDto> {
  assertCanManageTokens(viewer);
  const userId = viewer.id;
  const expiresAt = input.expiresInDays ? new Date(Date.now() + input.expiresInDays * 86_400_000) : null;
  return afterCommit(
    db.transaction(async (tx) => {
      const t = await issueToken(tx, { userId, name: input.name, scopes: input.scopes as TokenScope[], expiresAt, kind: "personal" });
      const [row] = await tx.select({ createdAt: apiTokens.createdAt }).from(apiTokens).where(eq(apiTokens.id, t.id));
      return {
        id: t.id,
        name: input.name,
        prefix: t.prefix,
        scopes: input.scopes as TokenScope[],
        kind: "personal" as const,
        createdAt: iso(row!.createdAt)!,
        lastUsedAt: null,
        expiresAt: t.expiresAt,
        token: t.token,
      };
    }),
    (t) => tokenChanged(t.id),
  );
}

/** Revokes one of the caller's own tokens; someone else's (or an unknown or revoked one) is a 404. */
export async function revokeToken(viewer: Viewer, { tokenId }: { tokenId: number }): Promise<void> {
  assertCanManageTokens(viewer);
  const userId = viewer.id;
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  if (rows.length === 0) throw notFound(msg("tokenNotFound"));
  await announce(tokenChanged(tokenId));
}
