import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * A member's authenticator app (TOTP). One row per member: made unconfirmed by
 * POST /api/users/me/two-factor, confirmed by the first right code; sign-in asks for a code only once
 * `confirmedAt` is set. The secret is stored encrypted (AES-256-GCM under a key derived from AUTH_SECRET).
 */
export const userTwoFactor = pgTable("user_two_factor", {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** iv.tag.ciphertext, base64url, of the Base32 secret. */
  secretEnc: text().notNull(),
  confirmedAt: timestamp({ withTimezone: true, precision: 3 }),
  /** The 30-second step of the last accepted code: a code of that step or an earlier one is refused (no replay). */
  lastTimeStep: integer().notNull().default(0),
  createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
});

/** The 10 one-time recovery codes of a member's two-factor sign-in (SHA-256 of member and code; shown once). */
export const twoFactorRecoveryCodes = pgTable(
  "two_factor_recovery_codes",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true, precision: 3 }),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("two_factor_recovery_codes_hash_idx").on(t.codeHash), index("two_factor_recovery_codes_user_idx").on(t.userId)],
);

/**
 * A browser sign-in half done: the password was right and the member has two-factor sign-in, so the
 * form asks for a code next and sends this ticket (random, only its SHA-256 stored) instead of the
 * password again. Five minutes, used once.
 */
export const signInTickets = pgTable(
  "sign_in_tickets",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ticketHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true, precision: 3 }).notNull(),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("sign_in_tickets_hash_idx").on(t.ticketHash), index("sign_in_tickets_user_idx").on(t.userId)],
);

/**
 * The names of deleted accounts, as SHA-256 of the lower-cased name (the name itself is not kept): a
 * name stays unavailable to others until DELETED_NAME_COOLDOWN_DAYS after its account was deleted.
 */
export const releasedUsernames = pgTable("released_usernames", {
  nameHash: text().primaryKey(),
  releasedAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
});
