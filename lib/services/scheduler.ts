/**
 * Runs due work (lottery draws, poll results) every few seconds inside each server process. Every job
 * claims its items in Postgres (a conditional update), so with several processes each item runs once;
 * items that fell due while the server was down are picked up by the first tick after start-up.
 */
import { bumpContentVersion } from "@/lib/services/content-version";

type Job = { name: string; run: () => Promise<number> };

const jobs: Job[] = [];
const g = globalThis as unknown as { __forumScheduler?: NodeJS.Timeout; __forumSchedulerBusy?: boolean };

export function registerJob(name: string, run: () => Promise<number>): void {
  if (!jobs.some((j) => j.name === name)) jobs.push({ name, run });
}

/** One pass over every job; returns how many items were processed. */
export async function runDueJobs(): Promise<number> {
  await ensureJobsRegistered();
  let total = 0;
  for (const job of jobs) {
    try {
      total += await job.run();
    } catch (err) {
      // While the database is away every pass fails the same way: one line, not a stack per job.
      const cause = (err as { cause?: { message?: string } }).cause?.message;
      if (cause) console.error(`[scheduler] ${job.name} failed: ${cause} (retried on the next pass)`);
      else console.error(`[scheduler] ${job.name} failed`, err);
    }
  }
  // Draws and poll results change what public lists show.
  if (total > 0) await bumpContentVersion().catch((err) => console.error("[scheduler] version bump failed", err));
  return total;
}

export function startScheduler(intervalMs = Number(process.env.SCHEDULER_INTERVAL_MS || 2000)): void {
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
  const [{ processDueLotteries }, { processDuePolls }, mail] = await Promise.all([
    import("@/lib/services/lotteries"),
    import("@/lib/services/polls"),
    import("@/lib/services/mail"),
  ]);
  registerJob("lottery-draws", processDueLotteries);
  registerJob("poll-results", processDuePolls);
  // Mail changes nothing a list shows: these report 0 so that no content version is bumped for them.
  registerJob("reply-mail", async () => (await mail.processReplyMail(), 0));
  registerJob("digests", async () => (await mail.processDigests(), 0));
  registerJob("mail-outbox", mail.kickOutbox);
}

/**
 * The id of the `system` user, the actor of scheduled change logs (VOTE_RESULT, LOTTERY_RESULT);
 * created on first use (role USER, bot, no password). Safe under concurrency (insert … on conflict do nothing).
 */
export async function systemUserId(tx: import("@/db").DbOrTx): Promise<number> {
  const { sql } = await import("drizzle-orm");
  const { rawRows } = await import("@/db");
  const find = () => rawRows<{ id: number }>(tx, sql`select id from users where lower(username) = 'system' limit 1`);
  const [found] = await find();
  if (found) return Number(found.id);
  await tx.execute(
    sql`insert into users (username, email, role, bot) values ('system', 'system@localhost.invalid', 'USER', true) on conflict do nothing`,
  );
  const [row] = await find();
  if (!row) throw new Error("could not create the system user");
  return Number(row.id);
}
