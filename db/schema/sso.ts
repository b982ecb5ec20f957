import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * A member's account at an OpenID Connect provider (issue 60): the provider's `sub` under its issuer.
 * Made at the first sign-in (linked by verified email, or with a new member); later sign-ins find the
 * member through it, whatever the provider says the email is then. Removed when the account is deleted.
 */
export const userIdentities = pgTable(
  "user_identities",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The Auth.js provider id (`oidc`). */
    provider: text().notNull(),
    issuer: text().notNull(),
    subject: text().notNull(),
    /** The email the provider gave at the first sign-in (shown to the member; not used to sign in). */
    email: text().notNull().default(""),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("user_identities_subject_idx").on(t.issuer, t.subject), index("user_identities_user_idx").on(t.userId)],
);

/**
 * A first sign-in through an OpenID provider that makes a new member: the provider's answer, kept
 * until the person chooses a username on /login/choose-username (a random ticket in an httpOnly
 * cookie, only its SHA-256 stored). Fifteen minutes, used once.
 */
export const pendingSignUps = pgTable(
  "pending_sign_ups",
  {
    id: serial().primaryKey(),
    ticketHash: text().notNull(),
    provider: text().notNull(),
    issuer: text().notNull(),
    subject: text().notNull(),
    email: text().notNull(),
    /** The provider's `email_verified`: the new member's address counts as confirmed. */
    emailVerified: boolean().notNull().default(false),
    name: text().notNull().default(""),
    /** The provider's `preferred_username` (or one made from the name), offered on the form. */
    suggestedUsername: text().notNull().default(""),
    avatar: text().notNull().default(""),
    /** Where the sign-in was going (a local path). */
    callbackUrl: text().notNull().default("/"),
    expiresAt: timestamp({ withTimezone: true, precision: 3 }).notNull(),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("pending_sign_ups_ticket_idx").on(t.ticketHash), index("pending_sign_ups_expires_idx").on(t.expiresAt)],
);
