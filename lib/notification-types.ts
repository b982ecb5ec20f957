import type { NotificationType, UserRole } from "@/db/schema/enums";

/**
 * The notification types this forum sends, by who receives them. OpenIsle's list (NOTIFICATION_TYPES)
 * also names types for features this forum does not have (following, donations, category proposals,
 * registration review, activities); the API keeps them for compatibility, the settings page does not
 * offer switches that could never matter.
 */
const MEMBER_TYPES: NotificationType[] = [
  "COMMENT_REPLY",
  "MENTION",
  "WATCHED_POST",
  "REACTION",
  "POST_UPDATED",
  "POST_SUBSCRIBED",
  "POST_UNSUBSCRIBED",
  "POST_VIEWED",
  "POST_REVIEWED",
  "POST_DELETED",
  "POST_FEATURED",
  "POLL_VOTE",
  "POLL_RESULT_OWNER",
  "POLL_RESULT_PARTICIPANT",
  "LOTTERY_WIN",
  "LOTTERY_DRAW",
  "REDEMPTION_FULFILLED",
];
/** Posts waiting for review reach moderators and admins. */
const MODERATOR_TYPES: NotificationType[] = ["POST_REVIEW_REQUEST"];
/** Point-shop redemptions reach admins. */
const ADMIN_TYPES: NotificationType[] = ["POINT_REDEEM"];

/** The types a member of `role` can receive, in the order the settings page lists them. */
export function receivableNotificationTypes(role: UserRole): NotificationType[] {
  if (role === "ADMIN") return [...MEMBER_TYPES, ...MODERATOR_TYPES, ...ADMIN_TYPES];
  if (role === "MODERATOR") return [...MEMBER_TYPES, ...MODERATOR_TYPES];
  return [...MEMBER_TYPES];
}
