import { sql } from "drizzle-orm";
import { boolean, check, foreignKey, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { medalTypeEnum, userRoleEnum } from "./enums";

export const users = pgTable(
  "users",
  {
    id: serial().primaryKey(),
    username: text().notNull(),
    /** Shown beside the username (optional; plain text, at most DISPLAY_NAME_MAX characters). */
    displayName: text(),
    email: text().notNull(),
    /** Argon2id hash (or a bcrypt one from before, replaced at the next sign-in); null for accounts that only sign in through OAuth. */
    passwordHash: text(),
    avatar: text().notNull().default(""),
    introduction: text().notNull().default(""),
    role: userRoleEnum().notNull().default("USER"),
    bot: boolean().notNull().default(false),
    /** Granted by an admin (the CONTRIBUTOR medal). */
    contributor: boolean().notNull().default(false),
    /** The medal the user chose to show (null: show the best earned one). */
    displayMedal: medalTypeEnum(),
    /** The first earned medal in the order COMMENT, POST, FEATURED, CONTRIBUTOR, PIONEER, SEED; kept by refreshMedal. */
    earnedMedal: medalTypeEnum(),
    /** Points balance: always equal to the sum of the user's point_histories rows. */
    point: integer().notNull().default(0),
    experience: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** When the address was confirmed; null only for self-registered accounts that have not verified yet. */
    emailVerifiedAt: timestamp({ withTimezone: true, precision: 3 }).defaultNow(),
    /** Until then every write the user attempts answers 403 `suspended`. */
    suspendedUntil: timestamp({ withTimezone: true, precision: 3 }),
    suspendedReason: text(),
    /** Who may start a direct conversation with this member: everyone, people they follow, or nobody (staff always may). */
    messagePolicy: text().$type<"EVERYONE" | "FOLLOWING" | "NOBODY">().notNull().default("EVERYONE"),
    /** The interface language the member chose in Settings: 'en' or 'zh-CN'; null: not chosen
     * (the `lang` cookie, then Accept-Language decide). Sign-in sets the cookie from it; mail uses it. */
    locale: text().$type<"en" | "zh-CN">(),
  },
  (t) => [
    uniqueIndex("users_username_lower_idx").on(sql`lower(${t.username})`),
    // Prefix matches for @mention suggestions (migration 0009).
    index("users_username_prefix_idx").on(sql`lower(${t.username}) text_pattern_ops`),
    uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`),
    // Substring and typo search on names (pg_trgm, created by migration 0005).
    index("users_username_trgm_idx").using("gin", t.username.op("gin_trgm_ops")),
    index("users_role_idx").on(t.role),
    // The admin users table: newest members first, the "new this week" filter, running suspensions.
    index("users_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("users_suspended_idx")
      .on(t.suspendedUntil)
      .where(sql`${t.suspendedUntil} is not null`),
    check("users_point_nonnegative", sql`${t.point} >= 0`),
    check("users_message_policy_check", sql`${t.messagePolicy} IN ('EVERYONE', 'FOLLOWING', 'NOBODY')`),
    check("users_locale_check", sql`${t.locale} IN ('en', 'zh-CN')`),
  ],
);

export const apiTokens = pgTable(
  "api_tokens",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text().notNull(),
    /** SHA-256 (hex) of the token; the token itself is never stored. */
    tokenHash: text().notNull(),
    /** The first characters of the token, shown in the UI to recognise it. */
    prefix: text().notNull(),
    scopes: text().array().notNull(),
    /** Login tokens are issued by POST /api/auth/login; personal ones by POST /api/tokens. */
    kind: text().notNull().default("personal"),
    /** The User-Agent that asked for a login token (shown under active sign-ins). */
    userAgent: text().notNull().default(""),
    expiresAt: timestamp({ withTimezone: true, precision: 3 }),
    lastUsedAt: timestamp({ withTimezone: true, precision: 3 }),
    revokedAt: timestamp({ withTimezone: true, precision: 3 }),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("api_tokens_hash_idx").on(t.tokenHash), index("api_tokens_user_idx").on(t.userId, t.createdAt)],
);

/**
 * Browser sessions: the Auth.js cookie carries a random secret whose SHA-256 is `tokenHash`; the viewer
 * lookup joins this row, so revoking it signs that browser out on every process at once.
 * Triggers (SQL only, migration 0042, function forum_events_sign_in_ended): `user_sessions_revoked_events`,
 * `user_sessions_deleted_events`, `api_tokens_revoked_events` and `api_tokens_deleted_events` send a
 * `revoked` live event that ends the open streams of that sign-in; `users_access_events`
 * (function forum_events_user_access) does the same for a suspension or a role change.
 */
export const userSessions = pgTable(
  "user_sessions",
  {
    id: serial().primaryKey(),
    userId: integer().notNull(),
    tokenHash: text().notNull(),
    userAgent: text().notNull().default(""),
    ip: text().notNull().default(""),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true, precision: 3 }).notNull(),
    revokedAt: timestamp({ withTimezone: true, precision: 3 }),
  },
  (t) => [
    uniqueIndex("user_sessions_hash_idx").on(t.tokenHash),
    index("user_sessions_user_idx").on(t.userId, t.createdAt),
    // Named as Postgres named it: migration 0004 declared the key inline.
    foreignKey({ name: "user_sessions_user_id_fkey", columns: [t.userId], foreignColumns: [users.id] }).onDelete("cascade"),
  ],
);

/** Fixed-window counters shared by every server process. */
export const rateLimits = pgTable("rate_limits", {
  key: text().primaryKey(),
  count: integer().notNull(),
  resetAt: timestamp({ withTimezone: true, precision: 3 }).notNull(),
});

/**
 * The site's rate limits (how many of an action per window, counted in `rate_limits`), as columns of
 * the one `site_settings` row (db/schema/activity.ts spreads these in), set in /admin/settings
 * (PUT /api/admin/config). The defaults, until an admin changes them; the columns' defaults are the same.
 */
export const RATE_LIMIT_DEFAULTS = {
  /** Password (and two-factor, reset) attempts, per address and per account. */
  login: { limit: 10, windowSeconds: 300 },
  /** Sign-ups, per address and per address of mail. */
  register: { limit: 10, windowSeconds: 3600 },
  posts: { limit: 10, windowSeconds: 60 },
  comments: { limit: 30, windowSeconds: 60 },
  /** Direct messages a member sends. */
  messages: { limit: 30, windowSeconds: 60 },
  uploads: { limit: 30, windowSeconds: 60 },
  /** "Send the verification code again". */
  verifyResend: { limit: 3, windowSeconds: 3600 },
  /** Password-reset mails, per address and per address of mail. */
  forgotPassword: { limit: 5, windowSeconds: 900 },
} as const;
export type RateLimitAction = keyof typeof RATE_LIMIT_DEFAULTS;

const d = RATE_LIMIT_DEFAULTS;
export const rateLimitSettingColumns = () => ({
  rateLimitLogin: integer().notNull().default(d.login.limit),
  rateLimitLoginWindowSeconds: integer().notNull().default(d.login.windowSeconds),
  rateLimitRegister: integer().notNull().default(d.register.limit),
  rateLimitRegisterWindowSeconds: integer().notNull().default(d.register.windowSeconds),
  rateLimitPosts: integer().notNull().default(d.posts.limit),
  rateLimitPostsWindowSeconds: integer().notNull().default(d.posts.windowSeconds),
  rateLimitComments: integer().notNull().default(d.comments.limit),
  rateLimitCommentsWindowSeconds: integer().notNull().default(d.comments.windowSeconds),
  rateLimitMessages: integer().notNull().default(d.messages.limit),
  rateLimitMessagesWindowSeconds: integer().notNull().default(d.messages.windowSeconds),
  rateLimitUploads: integer().notNull().default(d.uploads.limit),
  rateLimitUploadsWindowSeconds: integer().notNull().default(d.uploads.windowSeconds),
  rateLimitVerifyResend: integer().notNull().default(d.verifyResend.limit),
  rateLimitVerifyResendWindowSeconds: integer().notNull().default(d.verifyResend.windowSeconds),
  rateLimitForgotPassword: integer().notNull().default(d.forgotPassword.limit),
  rateLimitForgotPasswordWindowSeconds: integer().notNull().default(d.forgotPassword.windowSeconds),
});

/** Per-user, per-day counters for the daily caps of points and experience. */
export const dailyCounters = pgTable(
  "daily_counters",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: text().notNull(),
    kind: text().notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [uniqueIndex("daily_counters_pk").on(t.userId, t.day, t.kind)],
);
