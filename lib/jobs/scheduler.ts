/**
 * Runs due work (lottery draws, poll results) every few seconds inside each server process. Every job
 * claims its items in Postgres (a conditional update), so with several processes each item runs once;
 * items that fell due while the server was down are picked up by the first tick after start-up.
 */
import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { db, rawRows } from "@/db";
import { env } from "@/lib/env";

/**
 * A job, and optionally a probe: an SQL boolean saying whether it has anything to do (or `true` to run
 * it anyway). A tick asks every probe in one query and runs only the jobs with work, so an idle tick
 * costs one round trip per process instead of a query (or a transaction) per job.
 */
type Job = { name: string; run: () => Promise<number>; due?: () => SQL | boolean };

const jobs: Job[] = [];
const g = globalThis as unknown as {
  __forumScheduler?: NodeJS.Timeout;
  __forumSchedulerBusy?: boolean;
  __forumJobStats?: Map<string, JobStats>;
};

/** Per job, since the process started: what /metrics reports (lib/front/metrics.ts reads it from globalThis). */
export type JobStats = { runs: number; failures: number; items: number; seconds: number };
const jobStats = (g.__forumJobStats ??= new Map<string, JobStats>());
function recordRun(name: string, started: number, items: number, failed: boolean): void {
  const s = jobStats.get(name) ?? { runs: 0, failures: 0, items: 0, seconds: 0 };
  s.runs++;
  if (failed) s.failures++;
  s.items += items;
  s.seconds += (performance.now() - started) / 1000;
  jobStats.set(name, s);
}

export function registerJob(name: string, run: () => Promise<number>, due?: () => SQL | boolean): void {
  if (!jobs.some((j) => j.name === name)) jobs.push({ name, run, due });
}

/** Which jobs have work: those without a probe, those whose probe says `true`, and those it finds due. */
async function dueJobs(): Promise<Job[]> {
  const probes = jobs.map((j) => j.due?.() ?? true);
  const asked = probes.flatMap((p, i) => (p === true || p === false ? [] : [{ i, p }]));
  const found = new Set<number>();
  if (asked.length) {
    const [row] = await rawRows<Record<string, boolean>>(
      db,
      sql`select ${sql.join(
        asked.map(({ i, p }) => sql`${p} as ${sql.raw(`j${i}`)}`),
        sql`, `,
      )}`,
    );
    for (const { i } of asked) if (row?.[`j${i}`]) found.add(i);
  }
  return jobs.filter((_, i) => probes[i] === true || found.has(i));
}

/** One pass over every job with work; returns how many items were processed. */
export async function runDueJobs(): Promise<number> {
  await ensureJobsRegistered();
  let due: Job[];
  try {
    due = await dueJobs();
  } catch (err) {
    const cause = (err as { cause?: { message?: string } }).cause?.message;
    console.error(`[scheduler] probe failed: ${cause ?? err} (retried on the next pass)`);
    return 0;
  }
  let total = 0;
  for (const job of due) {
    const started = performance.now();
    try {
      const n = await job.run();
      total += n;
      recordRun(job.name, started, n, false);
    } catch (err) {
      recordRun(job.name, started, 0, true);
      // While the database is away every pass fails the same way: one line, not a stack per job.
      const cause = (err as { cause?: { message?: string } }).cause?.message;
      if (cause) console.error(`[scheduler] ${job.name} failed: ${cause} (retried on the next pass)`);
      else console.error(`[scheduler] ${job.name} failed`, err);
    }
  }
  // Each draw and poll result announces its own change after it commits (lib/changes/announce.ts).
  return total;
}

export function startScheduler(intervalMs = env().SCHEDULER_INTERVAL_MS): void {
  if (g.__forumScheduler) return;
  const tick = async () => {
    if (g.__forumSchedulerBusy) return;
    g.__forumSchedulerBusy = true;
    try {
      await runDueJobs();
    } finally {
      g.__forumSchedulerBusy = false;
    }
  };
  void tick();
  g.__forumScheduler = setInterval(() => void tick(), intervalMs);
  g.__forumScheduler.unref();
}

export function stopScheduler(): void {
  if (g.__forumScheduler) clearInterval(g.__forumScheduler);
  g.__forumScheduler = undefined;
}

/** Registers the jobs (lottery draws, poll results, reply mail, digests, the mail outbox); idempotent. */
export async function ensureJobsRegistered(): Promise<void> {
  const [{ processDueLotteries, lotteriesDue }, { processDuePolls, pollsDue }, mail, messageMail] = await Promise.all([
    import("@/lib/services/posts/lotteries"),
    import("@/lib/services/posts/polls"),
    import("@/lib/jobs/mail-drain"),
    import("@/lib/services/messages/mail"),
  ]);
  registerJob("lottery-draws", processDueLotteries, lotteriesDue);
  registerJob("poll-results", processDuePolls, pollsDue);
  // Mail changes nothing a list shows; these report 0 (the count is only logged by tests and scripts).
  registerJob("reply-mail", async () => (await mail.processReplyMail(), 0), mail.replyMailDue);
  registerJob("message-mail", async () => (await messageMail.processMessageMail(), 0), messageMail.messageMailDue);
  registerJob("digests", async () => (await mail.processDigests(), 0), mail.digestsDue);
  registerJob("mail-outbox", mail.kickOutbox, mail.outboxDue);
  // Scheduled backups (/admin/backups): the due time is claimed by one process.
  const backups = await import("@/lib/services/backups/backups");
  registerJob("scheduled-backup", backups.runScheduledBackup, backups.scheduledBackupDue);
  // Members' data exports (Settings → Your data): made in the background, expired after 48 hours.
  const exports = await import("@/lib/services/accounts/data-export");
  registerJob("data-exports", exports.processDataExports, exports.dataExportsDue);
}
