import { sql } from "drizzle-orm";
import { check, foreignKey, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { FlagAction, FlagReason } from "./enums";
import { comments, posts } from "./posts";
import { users } from "./users";

/**
 * A member's flag on a post (commentId null) or on one of its comments; one per member per target.
 * Migration 0057's triggers send the live `review` event: `flags_review_events_ins`
 * (forum_events_review_flags_raised()) when flags are raised, `flags_review_events_upd`
 * (forum_events_review_flags_resolved()) when they are resolved.
 */
export const flags = pgTable(
  "flags",
  {
    id: serial().primaryKey(),
    reporterId: integer().notNull(),
    /** The flagged post, or the post of the flagged comment. */
    postId: integer().notNull(),
    commentId: integer(),
    reason: text().$type<FlagReason>().notNull(),
    note: text().notNull().default(""),
    status: text().$type<"OPEN" | "RESOLVED">().notNull().default("OPEN"),
    action: text().$type<FlagAction>(),
    resolvedById: integer(),
    resolvedAt: timestamp({ withTimezone: true, precision: 3 }),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("flags_post_reporter_unique")
      .on(t.postId, t.reporterId)
      .where(sql`${t.commentId} is null`),
    uniqueIndex("flags_comment_reporter_unique")
      .on(t.commentId, t.reporterId)
      .where(sql`${t.commentId} is not null`),
    index("flags_status_idx").on(t.status, t.createdAt, t.id),
    index("flags_reporter_idx").on(t.reporterId),
    check("flags_reason_check", sql`${t.reason} in ('SPAM', 'INAPPROPRIATE', 'OFF_TOPIC', 'OTHER')`),
    check("flags_status_check", sql`${t.status} in ('OPEN', 'RESOLVED')`),
    check("flags_action_check", sql`${t.action} is null or ${t.action} in ('DISMISS', 'HIDE', 'DELETE', 'CLOSE_POST')`),
    // Foreign keys named as Postgres named them: migration 0008 declared them inline (likewise below).
    foreignKey({ name: "flags_reporter_id_fkey", columns: [t.reporterId], foreignColumns: [users.id] }).onDelete("cascade"),
    foreignKey({ name: "flags_post_id_fkey", columns: [t.postId], foreignColumns: [posts.id] }).onDelete("cascade"),
    foreignKey({ name: "flags_comment_id_fkey", columns: [t.commentId], foreignColumns: [comments.id] }).onDelete("cascade"),
    foreignKey({ name: "flags_resolved_by_id_fkey", columns: [t.resolvedById], foreignColumns: [users.id] }).onDelete("set null"),
  ],
);

/** Every staff action: who, what, on what, whose (the member it concerned), before and after. */
export const auditLogs = pgTable(
  "audit_logs",
  {
    id: serial().primaryKey(),
    actorId: integer(),
    action: text().notNull(),
    targetType: text().notNull(),
    targetId: integer(),
    /** The member the action concerned: the user acted on, or the author of the post or comment (a user's admin page lists these). */
    subjectUserId: integer(),
    before: jsonb(),
    after: jsonb(),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_logs_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The audit log filtered by actor or by action, and a member's admin page: newest first within each.
    index("audit_logs_actor_idx").on(t.actorId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("audit_logs_action_idx").on(t.action, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("audit_logs_subject_idx").on(t.subjectUserId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    foreignKey({ name: "audit_logs_actor_id_fkey", columns: [t.actorId], foreignColumns: [users.id] }).onDelete("set null"),
    foreignKey({ name: "audit_logs_subject_user_id_fkey", columns: [t.subjectUserId], foreignColumns: [users.id] }).onDelete("set null"),
  ],
);
