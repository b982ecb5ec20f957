import { z } from "zod";
import { BACKUP_FREQUENCIES } from "@/db/schema/backups";

export const backupSummarySchema = z
  .object({
    name: z.string(),
    bytes: z.number().int(),
    createdAt: z.string(),
    source: z.enum(["pglite", "postgres"]),
    appVersion: z.string(),
    rows: z.number().int(),
    tables: z.number().int(),
    uploads: z.number().int(),
    counts: z.record(z.string(), z.number().int()).describe("Rows per table (schema.table)"),
  })
  .meta({ id: "BackupSummary" });

export const backupRunSchema = z
  .object({
    id: z.number().int(),
    trigger: z.enum(["manual", "scheduled", "command"]),
    status: z.enum(["running", "done", "failed"]),
    fileName: z.string().nullable(),
    bytes: z.number().int().nullable(),
    error: z.string().nullable(),
    requestedBy: z.string().nullable(),
    startedAt: z.string(),
    finishedAt: z.string().nullable(),
    progress: z
      .object({ stage: z.string(), done: z.number().nullable(), total: z.number().nullable() })
      .nullable()
      .describe("While the run is being made by the process that answers: its stage and how far"),
  })
  .meta({ id: "BackupRun" });

export const backupScheduleSchema = z
  .object({
    frequency: z.enum(BACKUP_FREQUENCIES),
    keep: z.number().int().min(1).max(100),
    nextRunAt: z.string().nullable(),
  })
  .meta({ id: "BackupSchedule" });

export const backupScheduleInputSchema = z
  .object({
    frequency: z.enum(BACKUP_FREQUENCIES),
    keep: z.coerce.number().int("Keep a whole number of backups").min(1, "Keep at least 1 backup").max(100, "Keep at most 100 backups"),
  })
  .meta({ id: "BackupScheduleInput" });

export const backupListSchema = z
  .object({
    backups: z.array(backupSummarySchema),
    runs: z.array(backupRunSchema),
    schedule: backupScheduleSchema,
    where: z.string().describe("Where the backups are kept"),
  })
  .meta({ id: "BackupList" });

export const backupDeletedSchema = z.object({ deleted: z.literal(true) }).meta({ id: "BackupDeleted" });

/** POST /api/admin/backups/command: what `npm run backup` asks a running embedded forum for. */
export const backupCommandSchema = z.object({ out: z.string().min(1).max(4096).nullable().optional() }).meta({ id: "BackupCommand" });

export type BackupScheduleInput = z.infer<typeof backupScheduleInputSchema>;
