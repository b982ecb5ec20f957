/**
 * Runs due work (lottery draws, poll results) every few seconds inside each server process. Every job
 * claims its items in Postgres (a conditional update), so with several processes each item runs once;
 * items that fell due while the server was down are picked up by the first tick after start-up.
 */
type Job = { name: string; run: () => Promise<number> };

const jobs: Job[] = [];
const g = globalThis as unknown as { __forumScheduler?: NodeJS.Timeout; __forumSchedulerBusy?: boolean };

export function registerJob(name: string, run: () => Promise<number>): void {
  if (!jobs.some((j) => j.name === name)) jobs.push({ name, run });
}

/** One pass over every job; returns how many items were processed. */
export async function runDueJobs(): Promise<number> {
  let total = 0;
  for (const job of jobs) {
    try {
      total += await job.run();
    } catch (err) {
      console.error(`[scheduler] ${job.name} failed`, err);
    }
  }
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
