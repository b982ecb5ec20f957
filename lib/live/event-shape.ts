import type { PostStatus, VisibleScope } from "@/db/schema";

/**
 * The data of one live event, as the outbox stores it and GET /api/events sends it (lib/live/events.ts
 * decides who receives which; components/layout/live-events.tsx reads them in the browser). Types
 * only, so the browser bundle can share it.
 */
export type LiveEvent = {
  id: number;
  type:
    | "notification"
    | "comment"
    | "comment_changed"
    | "post_created"
    | "post_changed"
    | "counts"
    | "reload"
    | "message"
    | "message_read"
    | "review"
    | "revoked";
  userId?: number;
  /** message, message_read: the conversation and its members (the only ones who receive it). */
  conversationId?: number;
  messageId?: number;
  userIds?: number[];
  notificationId?: number;
  postId?: number | null;
  commentId?: number;
  parentId?: number | null;
  actorId?: number;
  authorId?: number;
  status?: PostStatus;
  scope?: VisibleScope;
  oldStatus?: PostStatus;
  oldScope?: VisibleScope;
  categoryId?: number;
  /** post_changed: the category before the change (a move). */
  oldCategoryId?: number;
  /**
   * revoked: "session" | "token" (that sign-in ended) or "suspended" | "role" (every stream of userId);
   * review: "post" | "flag" (something entered the review queue) or "reviewed" (something left it).
   */
  kind?: string;
  /** review: flags raised or resolved in one statement, in this category. */
  count?: number;
  /** review (kind flag, one flag): the flag. */
  flagId?: number;
  /** revoked: the browser session (user_sessions.id) or token (api_tokens.id) that ended. */
  sessionId?: number;
  tokenId?: number;
  table?: string;
};
