import { sql } from "drizzle-orm";
import { bigint, check, customType, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users";

/** bytea as a Buffer (postgres.js answers a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (v) => Buffer.from(v),
});

/**
 * A member's passkeys (WebAuthn credentials, issue 60). Added in Settings → Passkeys; each one signs
 * its member in without a password and counts as their second factor too. `counter` is the
 * authenticator's signature counter: an assertion whose counter does not move past it is refused (a cloned key).
 */
export const userPasskeys = pgTable(
  "user_passkeys",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The credential id, base64url (as the browser sends it in `id`). */
    credentialId: text().notNull(),
    /** The COSE public key of the credential. */
    publicKey: bytea().notNull(),
    counter: bigint({ mode: "number" }).notNull().default(0),
    /** What the authenticator said it is reached by (usb, internal, hybrid…), passed back to browsers as a hint. */
    transports: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    name: text().notNull(),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true, precision: 3 }),
  },
  (t) => [uniqueIndex("user_passkeys_credential_idx").on(t.credentialId), index("user_passkeys_user_idx").on(t.userId)],
);

/**
 * The challenges of WebAuthn ceremonies, kept on the server: single-use (deleted as a response is
 * checked against one) and good for 5 minutes. `register` challenges belong to the member adding a
 * passkey; `sign_in` ones to nobody (discoverable credentials: the passkey names its member).
 */
export const passkeyChallenges = pgTable(
  "passkey_challenges",
  {
    id: serial().primaryKey(),
    challenge: text().notNull(),
    purpose: text().$type<"register" | "sign_in">().notNull(),
    userId: integer().references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp({ withTimezone: true, precision: 3 }).notNull(),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("passkey_challenges_challenge_idx").on(t.challenge),
    index("passkey_challenges_expires_idx").on(t.expiresAt),
    check("passkey_challenges_purpose_check", sql`${t.purpose} IN ('register', 'sign_in')`),
  ],
);
