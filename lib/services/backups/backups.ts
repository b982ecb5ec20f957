import "server-only";
import path from "node:path";
import type { Readable } from "node:stream";
import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { connection, dataDir, db } from "@/db";
import { backupRuns, backupSchedule, users, type BackupFrequency, type BackupTrigger } from "@/db/schema";
import { createBackup, deleteBackup, listBackups } from "@/lib/backup/create";
import { isBackupName, type BackupSummary } from "@/lib/backup/format";
import type { DbSource, Progress } from "@/lib/backup/source";
import { localFolderTarget, type BackupTarget } from "@/lib/backup/target";
import { configuredBackupTarget } from "@/lib/backup/s3-target";
import { conflict, msg, notFound } from "@/lib/errors";
import { enqueueMail } from "@/lib/mail/outbox";
import { assertRole } from "@/lib/permissions";
import { audit } from "@/lib/services/shared/audit";
import type { Viewer } from "@/lib/viewer";
import { env } from "@/lib/env";

/**
 * Backups from the admin area (/admin/backups, /api/admin/backups/...) and the schedule: a thin layer
 * over lib/backup (which knows nothing of the forum's rules). Every admin action is audited; a run is
 * one row of backup_runs; the schedule's next time is claimed by a conditional update, so with several
 * processes each scheduled backup is made once.
 */

export type BackupRunDto = {
  id: number;
  trigger: BackupTrigger;
  status: "running" | "done" | "failed";
  fileName: string | null;
  bytes: number | null;
  error: string | null;
  requestedBy: string | null;
  startedAt: string;
  finishedAt: string | null;
  /** While it runs in this process: what it is doing (snapshot, checksums, dump, uploads, writing) and how far. */
  progress: { stage: string; done: number | null; total: number | null } | null;
};
export type BackupScheduleDto = { frequency: BackupFrequency; keep: number; nextRunAt: string | null };
export type BackupListDto = { backups: BackupSummary[]; runs: BackupRunDto[]; schedule: BackupScheduleDto; where: string };

const g = globalThis as unknown as { __forumBackupProgress?: Map<number, Progress>; __forumBackupTarget?: () => BackupTarget };
const progressOf = (g.__forumBackupProgress ??= new Map());

/** Where the forum keeps its backups: BACKUP_DIR, else `$DATA_DIR/backups`. Another target can be set (an object store). */
export function backupTarget(): BackupTarget {
  // The bucket when S3 is configured for backups (docs/storage.md), else the local folder.
  return g.__forumBackupTarget?.() ?? configuredBackupTarget(env().BACKUP_DIR || path.join(dataDir(), "backups"));
}

/** Lets another store keep the backups (lib/storage's S3 target), chosen once at start-up. */
export function setBackupTarget(make: (() => BackupTarget) | undefined): void {
  g.__forumBackupTarget = make;
}

/** This process's database, as lib/backup dumps it. */
export function currentSource(): DbSource {
  const c = connection();
  if (c.kind === "pglite") return { kind: "pglite", pglite: c.pglite! };
  return { kind: "postgres", url: env().DATABASE_URL! };
}

const INTERVAL: Record<Exclude<BackupFrequency, "off">, string> = { daily: "1 day", weekly: "7 days" };
/** A run still 'running' after this long was cut short (its process stopped). */
const STALE = sql`interval '6 hours'`;

async function runDtos(where?: ReturnType<typeof eq>, limit = 10): Promise<BackupRunDto[]> {
  const rows = await db
    .select({ run: backupRuns, by: users.username })
    .from(backupRuns)
    .leftJoin(users, eq(users.id, backupRuns.requestedById))
    .where(where)
    .orderBy(desc(backupRuns.id))
    .limit(limit);
  return rows.map(({ run, by }) => {
    const p = progressOf.get(run.id);
    return {
      id: run.id,
      trigger: run.trigger,
      status: run.status,
      fileName: run.fileName,
      bytes: run.bytes,
      error: run.error,
      requestedBy: by,
      startedAt: run.startedAt.toISOString(),
      finishedAt: run.finishedAt?.toISOString() ?? null,
      progress: run.status === "running" && p ? { stage: p.stage, done: p.done ?? null, total: p.total ?? null } : null,
    };
  });
}

async function readSchedule(): Promise<BackupScheduleDto> {
  const [row] = await db.select().from(backupSchedule).where(eq(backupSchedule.id, 1));
  return { frequency: row?.frequency ?? "off", keep: row?.keep ?? 7, nextRunAt: row?.nextRunAt?.toISOString() ?? null };
}

/** GET /api/admin/backups: the backups kept, the last runs, the schedule. */
export async function listBackupsForAdmin(viewer: Viewer | null): Promise<BackupListDto> {
  assertRole(viewer, "ADMIN");
  const target = backupTarget();
  return { backups: await listBackups(target), runs: await runDtos(), schedule: await readSchedule(), where: target.where };
}

/** GET /api/admin/backups/runs/{id}: one run, with its progress while it runs here. */
export async function getBackupRun(viewer: Viewer | null, { id }: { id: number }): Promise<BackupRunDto> {
  assertRole(viewer, "ADMIN");
  const [run] = await runDtos(eq(backupRuns.id, id), 1);
  if (!run) throw notFound(msg("backupNotFound"));
  return run;
}

/**
 * Starts a backup and returns its run at once; it goes on in the background (the dump outside this
 * thread). One at a time: 409 while another is being made.
 */
async function beginRun(trigger: BackupTrigger, requestedById: number | null): Promise<number> {
  return db.transaction(async (tx) => {
    // One backup at a time across processes: the check and the insert under one lock.
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
    const [busy] = await tx
      .select({ id: backupRuns.id })
      .from(backupRuns)
      .where(and(eq(backupRuns.status, "running"), sql`${backupRuns.startedAt} > now() - ${STALE}`))
      .limit(1);
    if (busy) throw conflict(msg("backupInProgress"));
    const [run] = await tx.insert(backupRuns).values({ trigger, requestedById }).returning({ id: backupRuns.id });
    if (requestedById !== null)
      await audit(tx, {
        actorId: requestedById,
        action: "backup.create",
        targetType: "backup",
        targetId: run!.id,
        before: null,
        after: { trigger },
      });
    return run!.id;
  });
}

type RunResult = { ok: true; summary: BackupSummary } | { ok: false; error: string };

/** Makes the backup of run `id` into `target`, recording how it ended. */
async function makeRun(id: number, target: BackupTarget, onProgress?: (p: Progress) => void): Promise<RunResult> {
  progressOf.set(id, { stage: "starting" });
  try {
    const made = await createBackup({
      source: currentSource(),
      target,
      onProgress: (p) => {
        progressOf.set(id, p);
        onProgress?.(p);
      },
    });
    await db
      .update(backupRuns)
      .set({ status: "done", fileName: made.name, bytes: made.bytes, finishedAt: new Date() })
      .where(eq(backupRuns.id, id));
    return { ok: true, summary: made };
  } catch (e) {
    const error = e instanceof Error ? e.message : String(e);
    console.error(`[backup] run ${id} failed: ${error}`);
    await db
      .update(backupRuns)
      .set({ status: "failed", error: error.slice(0, 2000), finishedAt: new Date() })
      .where(eq(backupRuns.id, id))
      .catch(() => {});
    return { ok: false, error };
  } finally {
    progressOf.delete(id);
  }
}

const running = new Map<number, Promise<RunResult>>();

/** POST /api/admin/backups: "Back up now". */
export async function startBackup(viewer: Viewer | null): Promise<BackupRunDto> {
  assertRole(viewer, "ADMIN");
  const id = await beginRun("manual", viewer!.id);
  const p = makeRun(id, backupTarget());
  running.set(id, p);
  void p.finally(() => running.delete(id));
  const [run] = await runDtos(eq(backupRuns.id, id), 1);
  return run!;
}

/** The end of a run started in this process (tests; the command line through a running forum). */
export function runFinished(id: number): Promise<RunResult> | undefined {
  return running.get(id);
}

/**
 * A backup asked for by `npm run backup` while this (embedded) forum runs: the command cannot open the
 * database folder, so the forum makes the backup into the folder the command names.
 */
export async function backupForCommand(outDir: string | null, onProgress: (p: Progress) => void): Promise<RunResult> {
  const id = await beginRun("command", null);
  return makeRun(id, outDir ? localFolderTarget(outDir) : backupTarget(), onProgress);
}

/** DELETE /api/admin/backups/{name}. */
export async function deleteBackupFile(viewer: Viewer | null, { name }: { name: string }): Promise<{ deleted: true }> {
  assertRole(viewer, "ADMIN");
  if (!isBackupName(name) || !(await deleteBackup(backupTarget(), name))) throw notFound(msg("backupNotFound"));
  await audit(db, { actorId: viewer!.id, action: "backup.delete", targetType: "backup", targetId: null, before: { name }, after: null });
  return { deleted: true };
}

/** GET /api/admin/backups/{name}/download: the file as a stream (audited). */
export async function openBackupDownload(
  viewer: Viewer | null,
  { name }: { name: string },
): Promise<{ name: string; bytes: number; body: Readable }> {
  assertRole(viewer, "ADMIN");
  const got = isBackupName(name) ? await backupTarget().get(name) : null;
  if (!got) throw notFound(msg("backupNotFound"));
  await audit(db, {
    actorId: viewer!.id,
    action: "backup.download",
    targetType: "backup",
    targetId: null,
    before: null,
    after: { name, bytes: got.bytes },
  });
  return { name, bytes: got.bytes, body: got.body };
}

/** PUT /api/admin/backups/schedule: off, daily or weekly, keeping the last `keep` scheduled backups. */
export async function setBackupSchedule(
  viewer: Viewer | null,
  input: { frequency: BackupFrequency; keep: number },
): Promise<BackupScheduleDto> {
  assertRole(viewer, "ADMIN");
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(backupSchedule).where(eq(backupSchedule.id, 1));
    const changedFrequency = (before?.frequency ?? "off") !== input.frequency;
    const nextRunAt =
      input.frequency === "off"
        ? null
        : changedFrequency || !before?.nextRunAt
          ? sql`now() + ${INTERVAL[input.frequency]}::interval`
          : before.nextRunAt;
    await tx
      .insert(backupSchedule)
      .values({ id: 1, frequency: input.frequency, keep: input.keep, nextRunAt, updatedAt: new Date() })
      .onConflictDoUpdate({
        target: backupSchedule.id,
        set: { frequency: input.frequency, keep: input.keep, nextRunAt, updatedAt: new Date() },
      });
    await audit(tx, {
      actorId: viewer!.id,
      action: "backup.schedule",
      targetType: "backup",
      targetId: null,
      before: { frequency: before?.frequency ?? "off", keep: before?.keep ?? 7 },
      after: input,
    });
  });
  return readSchedule();
}

/** The scheduler's probe: a scheduled backup is due. */
export const scheduledBackupDue = () => sql`exists (select 1 from backup_schedule where frequency <> 'off' and next_run_at <= now())`;

/**
 * The scheduler's job: claims the due time (one process wins), makes the backup, keeps the last
 * `keep` scheduled ones; a failure is kept for the dashboard and mailed to the admins.
 */
export async function runScheduledBackup(): Promise<number> {
  const [claimed] = await db
    .update(backupSchedule)
    .set({
      nextRunAt: sql`now() + (case ${backupSchedule.frequency} when 'weekly' then interval '7 days' else interval '1 day' end)`,
    })
    .where(and(eq(backupSchedule.id, 1), sql`${backupSchedule.frequency} <> 'off'`, sql`${backupSchedule.nextRunAt} <= now()`))
    .returning({ keep: backupSchedule.keep });
  if (!claimed) return 0;
  let id: number;
  try {
    id = await beginRun("scheduled", null);
  } catch (e) {
    await recordScheduledFailure(e instanceof Error ? e.message : String(e));
    return 0;
  }
  // In the background: the scheduler's other jobs (mail, draws) go on while the backup is made.
  const p = makeRun(id, backupTarget()).then(async (result) => {
    if (result.ok) await pruneScheduled(claimed.keep);
    else await mailAdmins(id, result.error);
    return result;
  });
  running.set(id, p);
  void p.catch((e) => console.error("[backup] scheduled run", e)).finally(() => running.delete(id));
  return 0;
}

async function recordScheduledFailure(error: string): Promise<void> {
  const [run] = await db
    .insert(backupRuns)
    .values({ trigger: "scheduled", status: "failed", error: error.slice(0, 2000), finishedAt: new Date() })
    .returning({ id: backupRuns.id });
  await mailAdmins(run!.id, error);
}

async function mailAdmins(runId: number, error: string): Promise<void> {
  const admins = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.role, "ADMIN"), eq(users.bot, false)));
  await enqueueMail(
    db,
    admins
      .filter((a) => a.email)
      .map((a) => ({
        kind: "backup-failed" as const,
        to: a.email!,
        userId: a.id,
        data: { runId, error: error.slice(0, 500) },
        dedupeKey: `backup-failed:${runId}:${a.id}`,
      })),
  );
}

/** Keeps the newest `keep` scheduled backups; older scheduled files go (manual ones stay until deleted). */
async function pruneScheduled(keep: number): Promise<void> {
  const old = await db
    .select({ id: backupRuns.id, fileName: backupRuns.fileName })
    .from(backupRuns)
    .where(and(eq(backupRuns.trigger, "scheduled"), eq(backupRuns.status, "done")))
    .orderBy(desc(backupRuns.id))
    .offset(keep);
  const target = backupTarget();
  for (const r of old) if (r.fileName) await deleteBackup(target, r.fileName).catch(() => false);
  if (old.length)
    await db
      .update(backupRuns)
      .set({ fileName: null })
      .where(
        inArray(
          backupRuns.id,
          old.map((r) => r.id),
        ),
      );
}

/** The dashboard's warning (admins; null for others): the last scheduled backup, when it failed. */
export async function getBackupAlert(viewer: Viewer | null): Promise<{ at: string; error: string } | null> {
  if (viewer?.role !== "ADMIN") return null;
  const [last] = await db
    .select({ status: backupRuns.status, error: backupRuns.error, at: backupRuns.startedAt })
    .from(backupRuns)
    .where(and(eq(backupRuns.trigger, "scheduled"), sql`${backupRuns.status} <> 'running'`))
    .orderBy(desc(backupRuns.id))
    .limit(1);
  return last?.status === "failed" ? { at: last.at.toISOString(), error: last.error ?? "" } : null;
}

/** Runs left 'running' by a process that stopped: marked failed at start-up. */
export async function closeStaleRuns(): Promise<void> {
  await db
    .update(backupRuns)
    .set({ status: "failed", error: "The process making it stopped", finishedAt: new Date() })
    .where(and(eq(backupRuns.status, "running"), lt(backupRuns.startedAt, sql`now() - ${STALE}`)));
}
