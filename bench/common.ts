// Constants shared by the bench seed, runner and reliability scripts.
export const BENCH_USERS = 10_000;
export const BENCH_CATEGORIES = 20;
export const BENCH_TAGS = 500;
export const BUSY_NOTIFICATIONS = 100_000;
export const CHANGE_LOG_ENTRIES = 1_000;
/** Users 1..3 have fixed roles and names; the rest are user4..user10000. */
export const ADMIN_ID = 1;
export const MOD_ID = 2;
export const BUSY_ID = 3;
export const BENCH_PASSWORD = "bench-password";

/** The bearer token the seed stores (hashed) for a bench user; only for benchmark databases. */
export const benchToken = (username: string) => `fp_bench_${username}_${"x".repeat(32)}`;

/** The p-th percentile of a non-empty sample (nearest rank, no interpolation). */
export const percentile = (xs: number[], p: number): number =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

/** Resolves when `url` answers 200 (a server just started), polling every 200 ms for up to two minutes. */
export async function waitForServer(url: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const r = await fetch(url).catch(() => null);
    if (r?.status === 200) return;
    await new Promise((res) => setTimeout(res, 200));
  }
  throw new Error(`${url}: server not ready`);
}
