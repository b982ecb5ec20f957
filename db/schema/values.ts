/**
 * The values of the database's enums, as plain constants and types: client components import them
 * from here (db/schema/enums.ts adds the pgEnum declarations, which would bring Drizzle's column
 * classes into the browser's bundle).
 */
export const MEDAL_TYPES = ["COMMENT", "POST", "FEATURED", "CONTRIBUTOR", "SEED", "PIONEER"] as const;
export const REACTION_TYPES = [
  "LIKE",
  "DISLIKE",
  "SMILE",
  "RECOMMEND",
  "CONGRATULATIONS",
  "ANGRY",
  "FLUSHED",
  "STAR_STRUCK",
  "ROFL",
  "HOLDING_BACK_TEARS",
  "MIND_BLOWN",
  "POOP",
  "CLOWN",
  "SKULL",
  "FIRE",
  "EYES",
  "FROWN",
  "HOT",
  "EAGLE",
  "SPIDER",
  "BAT",
  "CHINA",
  "USA",
  "JAPAN",
  "KOREA",
] as const;
export const POST_STATUSES = ["PUBLISHED", "PENDING", "REJECTED"] as const;
export const POST_TYPES = ["NORMAL", "LOTTERY", "POLL"] as const;
export const VISIBLE_SCOPES = ["ALL", "ONLY_ME", "ONLY_REGISTER"] as const;
export const NOTIFICATION_TYPES = [
  "POST_VIEWED",
  "COMMENT_REPLY",
  "REACTION",
  "POST_REVIEW_REQUEST",
  "POST_REVIEWED",
  "POST_DELETED",
  "POST_UPDATED",
  "POST_SUBSCRIBED",
  "POST_UNSUBSCRIBED",
  "FOLLOWED_POST",
  "USER_FOLLOWED",
  "USER_UNFOLLOWED",
  "USER_ACTIVITY",
  "REGISTER_REQUEST",
  "ACTIVITY_REDEEM",
  "POINT_REDEEM",
  "LOTTERY_WIN",
  "LOTTERY_DRAW",
  "POLL_VOTE",
  "POLL_RESULT_OWNER",
  "POLL_RESULT_PARTICIPANT",
  "CATEGORY_PROPOSAL_RESULT_OWNER",
  "CATEGORY_PROPOSAL_RESULT_PARTICIPANT",
  "POST_FEATURED",
  "DONATION",
  "MENTION",
  "FLAG_RESOLVED",
  "CONTENT_MODERATED",
  /** A new post in a category or tag the member watches. */
  "WATCHED_POST",
  /** An admin handed over a good the member redeemed with points (content: the good's name). */
  "REDEMPTION_FULFILLED",
  /** The data export the member asked for is ready (Settings → Your data; no post, no actor). */
  "DATA_EXPORT_READY",
] as const;
export const FLAG_REASONS = ["SPAM", "INAPPROPRIATE", "OFF_TOPIC", "OTHER"] as const;
export const FLAG_ACTIONS = ["DISMISS", "HIDE", "DELETE", "CLOSE_POST"] as const;
export type FlagReason = (typeof FLAG_REASONS)[number];
export type FlagAction = (typeof FLAG_ACTIONS)[number];
/** Types hidden from the inbox until the user turns them on (OpenIsle's defaults). */
export const DEFAULT_DISABLED_NOTIFICATION_TYPES = ["POST_VIEWED", "USER_ACTIVITY"] as const;
export const CHANGE_LOG_TYPES = [
  "CONTENT",
  "TITLE",
  "CATEGORY",
  "TAG",
  "CLOSED",
  "PINNED",
  "FEATURED",
  "VISIBLE_SCOPE",
  "VOTE_RESULT",
  "LOTTERY_RESULT",
  "DONATE",
] as const;
export const USER_ROLES = ["USER", "MODERATOR", "ADMIN"] as const;
export const POINT_HISTORY_TYPES = [
  "SYSTEM_ONLINE",
  "POST",
  "COMMENT",
  "POST_LIKED",
  "COMMENT_LIKED",
  "POST_LIKE_CANCELLED",
  "COMMENT_LIKE_CANCELLED",
  "INVITE",
  "FEATURE",
  "REDEEM",
  "LOTTERY_JOIN",
  "LOTTERY_REWARD",
  "DONATE_SENT",
  "DONATE_RECEIVED",
  "ADMIN_GRANT",
] as const;
export const PUBLISH_MODES = ["DIRECT", "REVIEW"] as const;
export const TOKEN_SCOPES = ["read", "write"] as const;

export type MedalType = (typeof MEDAL_TYPES)[number];
export type ReactionType = (typeof REACTION_TYPES)[number];
export type PostStatus = (typeof POST_STATUSES)[number];
export type PostType = (typeof POST_TYPES)[number];
export type VisibleScope = (typeof VISIBLE_SCOPES)[number];
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export type ChangeLogType = (typeof CHANGE_LOG_TYPES)[number];
export type UserRole = (typeof USER_ROLES)[number];
export type PointHistoryType = (typeof POINT_HISTORY_TYPES)[number];
export type PublishMode = (typeof PUBLISH_MODES)[number];
export type TokenScope = (typeof TOKEN_SCOPES)[number];
