import "server-only";
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { dataDir, db, rawRows, type DbOrTx } from "@/db";
import { dataExports, users, type DataExportStatus } from "@/db/schema";
import { localFolderTarget, type BackupTarget } from "@/lib/backup/target";
import { AppError, msg, notFound } from "@/lib/errors";
import { untilInWords } from "@/lib/human-time";
import { afterCommit } from "@/lib/changes/announce";
import { dataExportReady } from "@/lib/changes/written";
import { enqueueMail } from "@/lib/mail/outbox";
import { notify } from "@/lib/services/shared/notification-writer";
import { writeDataArchive } from "@/lib/services/accounts/data-export-archive";
import { readSiteIdentity } from "@/lib/services/site/identity";
import { dataExportTokenPattern, type DataExportDto } from "@/lib/validation/data-export";
import type { Viewer } from "@/lib/viewer";

/**
 * A member's data export (Settings → Your data; GET/POST /api/users/me/export): asked for by the member,
 * made off the request by the scheduler's `data-exports` job (lib/jobs/scheduler.ts), kept 48 hours.
 * State lives in `data_exports`, so a restart loses nothing: a pending export is claimed by the next
 * tick, a running one whose process stopped is taken over once its lease runs out (the maker renews it
 * while it works). When it is ready the member is mailed a link to Settings → Your data. The archive
 * is written by lib/services/accounts/data-export-archive.ts into `$DATA_DIR/exports` (mode 0600, a
 * folder nothing serves); only its owner downloads it, through a URL with a random id.
 */

/** How long a made archive is kept. */
export const EXPORT_TTL_HOURS = 48;
/** Once an export was made, the next may be asked for this long after the last was asked for. */
export const EXPORT_INTERVAL_HOURS = 24;
/** A maker renews its claim this often; another process takes the export over when it has not for LEASE_SEC. */
const LEASE_SEC = 120;
const HEARTBEAT_MS = 30_000;
/** An export that failed (or was cut short) this many times is marked failed. */
const MAX_ATTEMPTS = 3;

const g = globalThis as unknown as {
  __forumExportRuns?: Map<number, Promise<void>>;
  __forumExportTarget?: () => BackupTarget;
};
const running = (g.__forumExportRuns ??= new Map());

/** Where archives are kept: `$DATA_DIR/exports` (another target can be set, as for backups). */
export function exportTarget(): BackupTarget {
  return g.__forumExportTarget?.() ?? localFolderTarget(path.join(dataDir(), "exports"));
}

const scratchDir = (id: number) => path.join(dataDir(), "exports", `tmp-${id}`);
export const downloadPath = (token: string) => `/api/users/me/export/${token}/download`;

type Row = typeof dataExports.$inferSelect;

function toDto(row: Row | undefined, nextRequestAt: Date | null): DataExportDto {
  const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;
  const next = nextRequestAt && nextRequestAt.getTime() > Date.now() ? nextRequestAt.toISOString() : null;
  if (!row || row.status === "expired")
    return { status: "none", progress: null, url: null, expiresAt: null, requestedAt: null, finishedAt: null, bytes: null, nextRequestAt: next };
  const ready = row.status === "ready";
  return {
    status: row.status as Exclude<DataExportStatus, "expired">,
    progress: ready ? 100 : row.status === "failed" ? null : row.progress,
    url: ready ? downloadPath(row.token) : null,
    expiresAt: ready ? iso(row.expiresAt) : null,
    requestedAt: iso(row.createdAt),
    finishedAt: iso(row.finishedAt),
    bytes: ready ? row.bytes : null,
    nextRequestAt: row.status === "pending" || row.status === "running" ? null : next,
  };
}

/** The member's latest export and when the last made (or making) one was asked for, in one query. */
async function latest(userId: number): Promise<{ row: Row | undefined; nextRequestAt: Date | null }> {
  const rows = await db
    .select({
      row: dataExports,
      lastMadeAt: sql<
        string | Date | null
      >`(select max(created_at) from data_exports d where d.user_id = ${userId} and d.status in ('ready', 'expired'))`,
    })
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.id))
    .limit(1);
  const made = rows[0]?.lastMadeAt;
  const nextRequestAt = made ? new Date(new Date(made).getTime() + EXPORT_INTERVAL_HOURS * 3_600_000) : null;
  return { row: rows[0]?.row, nextRequestAt };
}

/** GET /api/users/me/export: the member's export as it stands. */
export async function getDataExport(viewer: Pick<Viewer, "id">): Promise<DataExportDto> {
  const { row, nextRequestAt } = await latest(viewer.id);
  if (row?.status === "ready" && row.expiresAt && row.expiresAt.getTime() <= Date.now()) return toDto(undefined, nextRequestAt);
  return toDto(row, nextRequestAt);
}

/**
 * POST /api/users/me/export: asks for an export. While one is pending or running, that one is the
 * answer (no second export); once one was made, the next may be asked for EXPORT_INTERVAL_HOURS after
 * it (429 with Retry-After). A failed one does not count.
 */
export async function requestDataExport(viewer: Pick<Viewer, "id">): Promise<DataExportDto> {
  const { row, nextRequestAt } = await latest(viewer.id);
  if (row && (row.status === "pending" || row.status === "running")) return toDto(row, null);
  if (nextRequestAt && nextRequestAt.getTime() > Date.now()) {
    const retry = Math.max(1, Math.ceil((nextRequestAt.getTime() - Date.now()) / 1000));
    const until = nextRequestAt.toISOString();
    throw new AppError(
      "rate_limited",
      msg("dataExportTooSoon", (locale) => ({ when: untilInWords(until, Date.now(), locale) })),
      { retryAfterSec: retry, limit: 1 },
    );
  }
  // The partial unique index keeps one pending or running export per member, also against a
  // concurrent request: the loser's insert does nothing and it answers the winner's export.
  await db
    .insert(dataExports)
    .values({ userId: viewer.id, token: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [active] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.userId, viewer.id), inArray(dataExports.status, ["pending", "running"])))
    .orderBy(desc(dataExports.id))
    .limit(1);
  return toDto(active ?? (await latest(viewer.id)).row, null);
}

/**
 * GET /api/users/me/export/{token}/download: the archive, to its owner only. Another member's, an
 * unknown id and one not ready answer 404; an expired one 404 saying so (its file is gone or going).
 */
export async function openDataExportDownload(
  viewer: Pick<Viewer, "id">,
  { token }: { token: string },
): Promise<{ fileName: string; bytes: number; body: Readable }> {
  if (!dataExportTokenPattern.test(token)) throw notFound(msg("dataExportNotFound"));
  const [row] = await db
    .select({ e: dataExports, username: users.username })
    .from(dataExports)
    .innerJoin(users, eq(users.id, dataExports.userId))
    .where(and(eq(dataExports.token, token), eq(dataExports.userId, viewer.id)));
  if (!row || (row.e.status !== "ready" && row.e.status !== "expired")) throw notFound(msg("dataExportNotFound"));
  if (row.e.status === "expired" || !row.e.expiresAt || row.e.expiresAt.getTime() <= Date.now() || !row.e.fileName)
    throw notFound(msg("dataExportExpired"));
  const got = await exportTarget().get(row.e.fileName);
  if (!got) throw notFound(msg("dataExportExpired"));
  const day = (row.e.finishedAt ?? row.e.createdAt).toISOString().slice(0, 10);
  const safeName = row.username.replace(/[^A-Za-z0-9_-]/g, "_");
  return { fileName: `data-${safeName}-${day}.tar.gz`, bytes: got.bytes, body: got.body };
}

/**
 * A deleted account's exports end with it (lib/services/accounts/delete-account.ts, in its
 * transaction): a made archive expires now, so the link stops at once and the job's next pass deletes
 * the file; a waiting or running one fails (a maker still at work finds it is no longer its to finish
 * and deletes what it wrote).
 */
export async function endDataExports(tx: DbOrTx, userId: number): Promise<void> {
  await tx
    .update(dataExports)
    .set({ expiresAt: sql`now()` })
    .where(and(eq(dataExports.userId, userId), eq(dataExports.status, "ready")));
  await tx
    .update(dataExports)
    .set({ status: "failed", error: "The account was deleted", finishedAt: new Date(), lockedUntil: null })
    .where(and(eq(dataExports.userId, userId), inArray(dataExports.status, ["pending", "running"])));
}

// ---------------------------------------------------------------------------------------------------
// The background job

/** Claimable: pending, or running with a lease that ran out (its process stopped). */
const claimable = sql`(status = 'pending' or (status = 'running' and locked_until < now()))`;

/** The scheduler's probe: an export to make or take over, or a made one past its time. */
export const dataExportsDue = () =>
  sql`(exists (select 1 from data_exports where status in ('pending', 'running') and ${claimable})
    or exists (select 1 from data_exports where status = 'ready' and expires_at <= now()))`;

/** Deletes the archives past their time and marks them expired; returns how many. */
export async function expireDataExports(): Promise<number> {
  const gone = await rawRows<{ file_name: string | null }>(
    db,
    sql`with old as (select id, file_name from data_exports where status = 'ready' and expires_at <= now() for update skip locked)
        update data_exports d set status = 'expired', file_name = null from old where d.id = old.id returning old.file_name`,
  );
  const target = exportTarget();
  for (const r of gone) if (r.file_name) await target.delete(r.file_name).catch(() => false);
  return gone.length;
}

/**
 * Claims one export for this process (a conditional update under SKIP LOCKED: with several processes
 * each export is made by one). Exports cut short MAX_ATTEMPTS times are marked failed instead.
 */
async function claimOne(worker: string): Promise<Row | null> {
  await db.execute(sql`update data_exports set status = 'failed', error = 'It was interrupted too many times', finished_at = now(),
      locked_until = null where status = 'running' and locked_until < now() and attempts >= ${MAX_ATTEMPTS}`);
  const rows = await rawRows<{ id: number }>(
    db,
    sql`with picked as materialized (
          select id from data_exports where status in ('pending', 'running') and ${claimable}
          order by id limit 1 for update skip locked)
        update data_exports d set status = 'running', attempts = d.attempts + 1, claimed_by = ${worker},
          locked_until = now() + make_interval(secs => ${LEASE_SEC}), started_at = coalesce(d.started_at, now()), progress = 0
        from picked where d.id = picked.id and (d.status = 'pending' or (d.status = 'running' and d.locked_until < now()))
        returning d.id`,
  );
  if (!rows[0]) return null;
  const [row] = await db
    .select()
    .from(dataExports)
    .where(eq(dataExports.id, Number(rows[0].id)));
  return row ?? null;
}

/** Only the process holding the claim writes the export's state. */
const mine = (id: number, worker: string) => and(eq(dataExports.id, id), eq(dataExports.claimedBy, worker), eq(dataExports.status, "running"));

async function makeExport(row: Row, worker: string): Promise<void> {
  const fileName = `export-${row.id}-${randomBytes(8).toString("hex")}.tar.gz`;
  const target = exportTarget();
  const lease = () => sql`now() + make_interval(secs => ${LEASE_SEC})`;
  const heartbeat = setInterval(() => {
    void db
      .update(dataExports)
      .set({ lockedUntil: lease() })
      .where(mine(row.id, worker))
      .catch(() => {});
  }, HEARTBEAT_MS);
  heartbeat.unref();
  try {
    const site = (await readSiteIdentity()).name;
    const { bytes } = await writeDataArchive({
      userId: row.userId,
      site,
      name: fileName,
      target,
      scratch: scratchDir(row.id),
      onProgress: async (progress) => {
        await db.update(dataExports).set({ progress, lockedUntil: lease() }).where(mine(row.id, worker));
      },
    });
    // The mail and the notification go with the state in one transaction; the inbox's caches hear of it after.
    const done = await afterCommit(
      db.transaction(async (tx) => {
      const [u] = await tx
        .update(dataExports)
        .set({
          status: "ready",
          progress: 100,
          fileName,
          bytes,
          finishedAt: new Date(),
          expiresAt: sql`now() + make_interval(hours => ${EXPORT_TTL_HOURS})`,
          lockedUntil: null,
          error: null,
        })
        .where(mine(row.id, worker))
        .returning({ id: dataExports.id });
      if (!u) return false;
      const [to] = await tx.select({ email: users.email }).from(users).where(eq(users.id, row.userId));
      if (to?.email)
        await enqueueMail(tx, {
          kind: "data-export-ready",
          to: to.email,
          userId: row.userId,
          data: { exportId: row.id },
          dedupeKey: `data-export-ready:${row.id}`,
        });
      await notify(tx, { userId: row.userId, type: "DATA_EXPORT_READY" });
      return true;
      }),
      (ok) => (ok ? dataExportReady() : []),
    );
    // Taken over meanwhile (this process was thought gone): the other maker's archive counts.
    if (!done) await target.delete(fileName).catch(() => false);
  } catch (e) {
    const error = e instanceof Error ? e.message : String(e);
    console.error(`[data-export] ${row.id} failed: ${error}`);
    await target.delete(fileName).catch(() => false);
    await db
      .update(dataExports)
      .set({ status: "failed", error: error.slice(0, 2000), finishedAt: new Date(), lockedUntil: null })
      .where(mine(row.id, worker))
      .catch(() => {});
  } finally {
    clearInterval(heartbeat);
  }
}

const workerId = () => `${hostname()}:${process.pid}`;

/**
 * The scheduler's job: expires old archives, then claims an export and makes it in the background (the
 * scheduler's other jobs go on meanwhile), one at a time per process.
 */
export async function processDataExports(): Promise<number> {
  await expireDataExports();
  if (running.size) return 0;
  const worker = workerId();
  const row = await claimOne(worker);
  if (!row) return 0;
  const p = makeExport(row, worker);
  running.set(row.id, p);
  void p.finally(() => running.delete(row.id));
  return 0;
}

/** Until every export this process is making has ended (tests, shutdown). */
export async function dataExportsSettled(): Promise<void> {
  while (running.size) await Promise.all([...running.values()]);
}

/** What the ready mail needs (lib/jobs/mail-drain.ts), or null when the export is no longer ready. */
export async function dataExportMailContent(exportId: number): Promise<{ expiresAt: string } | null> {
  const [row] = await db
    .select({ status: dataExports.status, expiresAt: dataExports.expiresAt })
    .from(dataExports)
    .where(eq(dataExports.id, exportId));
  if (row?.status !== "ready" || !row.expiresAt || row.expiresAt.getTime() <= Date.now()) return null;
  return { expiresAt: row.expiresAt.toISOString() };
}
