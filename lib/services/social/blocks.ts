import "server-only";
import { and, desc, eq, or } from "drizzle-orm";
import { db } from "@/db";
import { userBlocks, userFollows, users } from "@/db/schema";
import { badRequest, notFound, msg, msgText } from "@/lib/errors";
import type { Locale } from "@/lib/i18n/locale";
import { directMessageRefusal } from "@/lib/services/messages/send";
import { iso, userSummary, userSummaryColumns } from "@/lib/services/dto";
import { findUser } from "@/lib/services/users/profiles";
import type { BlockedMemberDto, BlockStateDto, MessagePolicy, PrivacyDto, RelationDto } from "@/lib/validation/social";
import type { Viewer } from "@/lib/viewer";
import { afterCommit } from "@/lib/changes/announce";
import { accountChanged, followChanged } from "@/lib/changes/written";
import { sql } from "drizzle-orm";

/**
 * Blocking members and choosing who may message you. A block is private: the blocked
 * member is not told, and sees only that they can no longer follow, mention or message the blocker.
 * What a block suppresses is enforced where it happens: the notification writer
 * (shared/notification-writer.ts), the followers' new-post notices (shared/follower-notices.ts), following
 * (social/follows.ts) and direct messages (shared/relations.ts `isBlocked`, `mayMessage`).
 */

/** At most this many blocks per member: a list a person can manage, and a bounded settings page. */
export const MAX_BLOCKS = 1000;

async function requireOther(viewer: Viewer, identifier: string) {
  const u = await findUser(identifier);
  if (!u) throw notFound(msg("userNotFound"));
  if (u.id === viewer.id) throw badRequest(msg("cannotBlockSelf"), "username");
  return u;
}

/**
 * POST /api/users/{identifier}/block: idempotent. Ends the follows between the two, both ways (a blocked
 * member must not keep reading the blocker's new posts in their notifications, nor the blocker theirs).
 */
export async function blockUser(viewer: Viewer, { identifier }: { identifier: string }): Promise<BlockStateDto> {
  const target = await requireOther(viewer, identifier);
  await afterCommit(
    db.transaction(async (tx) => {
      const [count] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(userBlocks)
        .where(eq(userBlocks.blockerId, viewer.id));
      if (Number(count?.n ?? 0) >= MAX_BLOCKS) throw badRequest(msg("blockLimit", { max: MAX_BLOCKS }));
      await tx.insert(userBlocks).values({ blockerId: viewer.id, blockedId: target.id }).onConflictDoNothing();
      await tx
        .delete(userFollows)
        .where(
          or(
            and(eq(userFollows.followerId, viewer.id), eq(userFollows.followeeId, target.id)),
            and(eq(userFollows.followerId, target.id), eq(userFollows.followeeId, viewer.id)),
          ),
        );
    }),
    followChanged(viewer.id, target.id),
  );
  return { blocked: true };
}

/** DELETE /api/users/{identifier}/block: idempotent; the follows ended by the block stay ended. */
export async function unblockUser(viewer: Viewer, { identifier }: { identifier: string }): Promise<BlockStateDto> {
  const target = await requireOther(viewer, identifier);
  await afterCommit(
    db.delete(userBlocks).where(and(eq(userBlocks.blockerId, viewer.id), eq(userBlocks.blockedId, target.id))),
    accountChanged(viewer.id),
  );
  return { blocked: false };
}

/** GET /api/users/me/blocks: the members the viewer blocked, newest first. One query (the primary key). */
export async function listBlocks(viewer: Viewer): Promise<BlockedMemberDto[]> {
  const rows = await db
    .select({ user: userSummaryColumns, createdAt: userBlocks.createdAt })
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    .where(eq(userBlocks.blockerId, viewer.id))
    .orderBy(desc(userBlocks.createdAt), desc(users.id))
    .limit(MAX_BLOCKS);
  return rows.map((r) => ({ user: userSummary(r.user), blockedAt: iso(r.createdAt)! }));
}

/** GET /api/users/me/privacy: who may message the viewer. */
export async function getPrivacy(viewer: Viewer): Promise<PrivacyDto> {
  const [row] = await db.select({ messagePolicy: users.messagePolicy }).from(users).where(eq(users.id, viewer.id));
  if (!row) throw notFound(msg("userNotFound"));
  return { messagePolicy: row.messagePolicy };
}

/** PUT /api/users/me/privacy. */
export async function updatePrivacy(viewer: Viewer, input: { messagePolicy: MessagePolicy }): Promise<PrivacyDto> {
  await afterCommit(db.update(users).set({ messagePolicy: input.messagePolicy }).where(eq(users.id, viewer.id)), accountChanged(viewer.id));
  return getPrivacy(viewer);
}

/**
 * GET /api/users/{identifier}/relation: what the caller's buttons on a profile or author card need
 * (follow, block, message), read fresh for the caller because the pages themselves are shared. Two
 * queries after the member's row, in parallel: the follows and blocks, and the facts the direct-message
 * rules ask (lib/services/messages/send.ts `directMessageRefusal`), whose refusal is given in `locale` so the Message
 * button can say before the click why it cannot be used.
 */
export async function getRelation(
  viewer: Viewer | null,
  { identifier, locale = "en" }: { identifier: string; locale?: Locale },
): Promise<RelationDto> {
  const u = await findUser(identifier);
  if (!u) throw notFound(msg("userNotFound"));
  const none = { following: false, followedBy: false, blocked: false, mayMessage: false, messageRefusal: null };
  if (!viewer) return { userId: u.id, signedIn: false, self: false, ...none };
  if (viewer.id === u.id) return { userId: u.id, signedIn: true, self: true, ...none };
  const me = viewer.id;
  const [[row], refusal] = await Promise.all([
    db
      .select({
        following: sql<boolean>`exists (select 1 from user_follows f where f.follower_id = ${me} and f.followee_id = ${u.id})`,
        followedBy: sql<boolean>`exists (select 1 from user_follows f where f.follower_id = ${u.id} and f.followee_id = ${me})`,
        blocked: sql<boolean>`exists (select 1 from user_blocks b where b.blocker_id = ${me} and b.blocked_id = ${u.id})`,
        blockedBy: sql<boolean>`exists (select 1 from user_blocks b where b.blocker_id = ${u.id} and b.blocked_id = ${me})`,
      })
      .from(sql`(select 1) as one`),
    directMessageRefusal(viewer, u.id),
  ]);
  const following = row?.following === true;
  const followedBy = row?.followedBy === true;
  const blocked = row?.blocked === true;
  const blockedBy = row?.blockedBy === true;
  const policy = u.messagePolicy;
  return {
    userId: u.id,
    signedIn: true,
    self: false,
    following,
    followedBy,
    blocked,
    mayMessage: !blocked && !blockedBy && (policy === "EVERYONE" || (policy === "FOLLOWING" && followedBy)),
    messageRefusal: refusal ? msgText(refusal, locale) : null,
  };
}
