import "server-only";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { db } from "@/db";
import { reactions, users, type ReactionType } from "@/db/schema";
import type { ReactionDto } from "@/lib/validation/responses";

type ReactionRow = {
  id: number;
  type: ReactionType;
  username: string;
  postId: number | null;
  commentId: number | null;
  reward: number;
};

/** A reaction as the API shows it. */
export function reactionDto(r: ReactionRow): ReactionDto {
  return { id: r.id, type: r.type, user: r.username, postId: r.postId, commentId: r.commentId, messageId: null, reward: r.reward };
}

const reactionColumns = {
  id: reactions.id,
  type: reactions.type,
  username: users.username,
  postId: reactions.postId,
  commentId: reactions.commentId,
  reward: reactions.reward,
};

/** Reactions on each post (not on its comments), oldest first, in one query. */
export function loadPostReactions(postIds: number[]): Promise<Map<number, ReactionDto[]>> {
  return loadReactionsOf("post", postIds);
}

/** Reactions on each comment, oldest first, in one query. */
export function loadCommentReactions(commentIds: number[]): Promise<Map<number, ReactionDto[]>> {
  return loadReactionsOf("comment", commentIds);
}

async function loadReactionsOf(kind: "post" | "comment", targetIds: number[]): Promise<Map<number, ReactionDto[]>> {
  const out = new Map<number, ReactionDto[]>();
  const ids = [...new Set(targetIds)];
  if (!ids.length) return out;
  for (const id of ids) out.set(id, []);
  const where = kind === "post" ? and(inArray(reactions.postId, ids), isNull(reactions.commentId)) : inArray(reactions.commentId, ids);
  const rows = await db
    .select(reactionColumns)
    .from(reactions)
    .innerJoin(users, eq(users.id, reactions.userId))
    .where(where)
    .orderBy(asc(reactions.id));
  for (const r of rows) out.get((kind === "post" ? r.postId : r.commentId)!)?.push(reactionDto(r));
  return out;
}
