import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users";

export const BACKUP_TRIGGERS = ["manual", "scheduled", "command"] as const;
export type BackupTrigger = (typeof BACKUP_TRIGGERS)[number];
export const BACKUP_STATUSES = ["running", "done", "failed"] as const;
export type BackupStatus = (typeof BACKUP_STATUSES)[number];
export const BACKUP_FREQUENCIES = ["off", "daily", "weekly"] as const;
export type BackupFrequency = (typeof BACKUP_FREQUENCIES)[number];

/**
 * One backup being made or made (lib/services/backups): who asked (an admin, the schedule, the
 * command line through a running forum), how it ended and, for a failure, why. The files themselves
 * live in the backup target (lib/backup/target.ts), not here.
 */
export const backupRuns = pgTable(
  "backup_runs",
  {
    id: serial().primaryKey(),
    trigger: text().$type<BackupTrigger>().notNull(),
    status: text().$type<BackupStatus>().notNull().default("running"),
    fileName: text(),
    bytes: bigint({ mode: "number" }),
    error: text(),
    requestedById: integer().references(() => users.id, { onDelete: "set null" }),
    startedAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true, precision: 3 }),
  },
  (t) => [
    index("backup_runs_started_idx").on(t.startedAt),
    check("backup_runs_trigger_check", sql`${t.trigger} IN ('manual', 'scheduled', 'command')`),
    check("backup_runs_status_check", sql`${t.status} IN ('running', 'done', 'failed')`),
  ],
);

/**
 * The backup schedule (one row, id = 1), set on /admin/backups. `nextRunAt` is claimed by a
 * conditional update, so one process runs each scheduled backup.
 */
export const backupSchedule = pgTable(
  "backup_schedule",
  {
    id: integer().primaryKey().default(1),
    frequency: text().$type<BackupFrequency>().notNull().default("off"),
    keep: integer().notNull().default(7),
    nextRunAt: timestamp({ withTimezone: true, precision: 3 }),
    updatedAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    check("backup_schedule_frequency_check", sql`${t.frequency} IN ('off', 'daily', 'weekly')`),
    check("backup_schedule_keep_check", sql`${t.keep} BETWEEN 1 AND 100`),
  ],
);
