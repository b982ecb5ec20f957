import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users";

export const DATA_EXPORT_STATUSES = ["pending", "running", "ready", "failed", "expired"] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

/**
 * A member's data export (Settings → Your data, lib/services/accounts/data-export.ts): asked for by the
 * member, made in the background by the scheduler's `data-exports` job, which claims a pending row (or a
 * running one whose lease ran out: its process stopped) with a conditional update, so a restart resumes
 * it and several processes never make the same one. `token` is the random part of the download URL;
 * the file lives in `$DATA_DIR/exports/<token>.tar.gz` until `expiresAt`, when the job deletes it and
 * marks the row expired. At most one pending or running export per member (a partial unique index).
 */
export const dataExports = pgTable(
  "data_exports",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text().$type<DataExportStatus>().notNull().default("pending"),
    /** 0..100 while it is made. */
    progress: integer().notNull().default(0),
    token: text().notNull(),
    fileName: text(),
    bytes: bigint({ mode: "number" }),
    error: text(),
    attempts: integer().notNull().default(0),
    claimedBy: text(),
    lockedUntil: timestamp({ withTimezone: true, precision: 3 }),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
    startedAt: timestamp({ withTimezone: true, precision: 3 }),
    finishedAt: timestamp({ withTimezone: true, precision: 3 }),
    expiresAt: timestamp({ withTimezone: true, precision: 3 }),
  },
  (t) => [
    uniqueIndex("data_exports_token_idx").on(t.token),
    index("data_exports_user_idx").on(t.userId, t.id),
    uniqueIndex("data_exports_active_idx")
      .on(t.userId)
      .where(sql`${t.status} in ('pending', 'running')`),
    // The job's probe and claim: waiting or running exports, and ready ones by expiry.
    index("data_exports_due_idx")
      .on(t.status, t.id)
      .where(sql`${t.status} in ('pending', 'running')`),
    index("data_exports_expiry_idx")
      .on(t.expiresAt)
      .where(sql`${t.status} = 'ready'`),
    check("data_exports_status_check", sql`${t.status} IN ('pending', 'running', 'ready', 'failed', 'expired')`),
    check("data_exports_progress_check", sql`${t.progress} BETWEEN 0 AND 100`),
  ],
);
