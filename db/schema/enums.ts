import { pgEnum } from "drizzle-orm/pg-core";
import {
  MEDAL_TYPES,
  REACTION_TYPES,
  POST_STATUSES,
  POST_TYPES,
  VISIBLE_SCOPES,
  NOTIFICATION_TYPES,
  CHANGE_LOG_TYPES,
  USER_ROLES,
  POINT_HISTORY_TYPES,
  PUBLISH_MODES,
} from "./values";

export * from "./values";

export const medalTypeEnum = pgEnum("medal_type", MEDAL_TYPES);
export const reactionTypeEnum = pgEnum("reaction_type", REACTION_TYPES);
export const postStatusEnum = pgEnum("post_status", POST_STATUSES);
export const postTypeEnum = pgEnum("post_type", POST_TYPES);
export const visibleScopeEnum = pgEnum("visible_scope", VISIBLE_SCOPES);
export const notificationTypeEnum = pgEnum("notification_type", NOTIFICATION_TYPES);
export const changeLogTypeEnum = pgEnum("change_log_type", CHANGE_LOG_TYPES);
export const userRoleEnum = pgEnum("user_role", USER_ROLES);
export const pointHistoryTypeEnum = pgEnum("point_history_type", POINT_HISTORY_TYPES);
export const publishModeEnum = pgEnum("publish_mode", PUBLISH_MODES);
