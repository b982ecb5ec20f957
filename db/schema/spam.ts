import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users";

// Spam and abuse defence (issue 58, migration 0046). The rules live in lib/services/spam/.

export type WatchedWordAction = "BLOCK" | "REQUIRE_APPROVAL" | "CENSOR" | "FLAG";
export type ScreenAction = "BLOCK" | "ALLOW";

/**
 * The new-member limits and automatic defence, as columns of the one `site_settings` row (db/schema/activity.ts
 * spreads these in), so GET/PUT /api/admin/config carries them beside the other settings.
 */
export const spamSettingColumns = () => ({
  /** Level-0 members: at most this many links / images / mentions per post or comment. */
  newMemberMaxLinks: integer().notNull().default(2),
  newMemberMaxImages: integer().notNull().default(1),
  newMemberMaxMentions: integer().notNull().default(2),
  /** Level-0 members may put links in their profile text. */
  newMemberProfileLinks: boolean().notNull().default(false),
  /** Level-0 members wait this many seconds between two posts or comments (0: no wait). */
  newMemberCooldownSeconds: integer().notNull().default(0),
  /** A level-0 member's first this many posts and comments wait in the review queue (0: none). */
  newMemberReviewPosts: integer().notNull().default(0),
  /** A level-0 member whose posts or comments this many distinct members flag as spam is silenced (0: never). */
  spamFlagSilenceThreshold: integer().notNull().default(3),
  /** A level-0 member who posts more than this many links within linkBurstMinutes is held (0: never). */
  linkBurstLimit: integer().notNull().default(10),
  linkBurstMinutes: integer().notNull().default(10),
  /** Sign-up: a form sent sooner than this after it was shown is refused (0: no check). */
  signupMinFillSeconds: integer().notNull().default(2),
  /** Sign-up: addresses at a domain of the disposable-email-domains list are refused (unless ALLOWed). */
  blockDisposableEmails: boolean().notNull().default(true),
});

/** Watched words (admin list): a word or `*` pattern and what happens to text that contains it. */
export const watchedWords = pgTable(
  "watched_words",
  {
    id: serial().primaryKey(),
    word: text().notNull(),
    action: text().$type<WatchedWordAction>().notNull(),
    createdById: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("watched_words_word_idx").on(sql`lower(${t.word})`),
    check("watched_words_action_check", sql`${t.action} IN ('BLOCK', 'REQUIRE_APPROVAL', 'CENSOR', 'FLAG')`),
  ],
);

/** Email domains allowed or blocked at sign-up (an ALLOW overrides the disposable list). */
export const screenedEmails = pgTable(
  "screened_emails",
  {
    id: serial().primaryKey(),
    domain: text().notNull(),
    action: text().$type<ScreenAction>().notNull(),
    createdById: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("screened_emails_domain_idx").on(sql`lower(${t.domain})`),
    check("screened_emails_action_check", sql`${t.action} IN ('BLOCK', 'ALLOW')`),
  ],
);

/** IP addresses and CIDR ranges blocked or allowed for sign-up and writing (an ALLOW wins over a BLOCK). */
export const screenedIps = pgTable(
  "screened_ips",
  {
    id: serial().primaryKey(),
    /** Normalized CIDR (`203.0.113.0/24`, `2001:db8::/32`; one address is /32 or /128). */
    cidr: text().notNull(),
    action: text().$type<ScreenAction>().notNull(),
    createdById: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("screened_ips_cidr_idx").on(t.cidr), check("screened_ips_action_check", sql`${t.action} IN ('BLOCK', 'ALLOW')`)],
);

/** Members silenced (read-only) by staff or by the automatic defence; users.suspended_until carries the effect. */
export const memberSilences = pgTable("member_silences", {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  reason: text().notNull().default(""),
  /** True when the automatic defence silenced them (spam flags, a link burst): staff review it. */
  automatic: boolean().notNull().default(false),
  byId: integer().references(() => users.id, { onDelete: "set null" }),
  reviewedAt: timestamp({ withTimezone: true, precision: 3 }),
  createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
});

/**
 * What the defence did (a refused sign-up, a blocked, held or flagged write, a silence), for the
 * dashboard and the bench. `userId` null for a refused sign-up.
 */
export const spamEvents = pgTable(
  "spam_events",
  {
    id: serial().primaryKey(),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    /** signup_refused · blocked · held · flagged · silenced · ip_blocked */
    kind: text().notNull(),
    /** The rule: honeypot, fill_time, captcha, disposable, email_domain, ip, watched_word, links, images, mentions, cooldown, review, link_burst, spam_flags, akismet, profile_links … */
    rule: text().notNull(),
    detail: jsonb().$type<Record<string, unknown>>(),
    ip: text(),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index("spam_events_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("spam_events_user_idx").on(t.userId, t.createdAt),
  ],
);
