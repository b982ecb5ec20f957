// no password hash or comparison runs on the server's one JavaScript thread. With
// bcryptjs, 20 hashes at once held it for seconds (every other request waited); the native binding
// works on libuv's thread pool, so timers (and requests) keep being served while they run.
import { performance } from "node:perf_hooks";
import { vi } from "vitest";

// The production cost (tests/setup.ts lowers it for every other file).
vi.hoisted(() => {
  delete process.env.PASSWORD_HASH_MEMORY_KIB;
  delete process.env.PASSWORD_HASH_TIME_COST;
});

import { describe, expect, it } from "vitest";
import { hashPassword, needsRehash, verifyPassword } from "@/lib/services/shared/passwords";
import { env } from "@/lib/env";

// tests/setup.ts read the settings (with the lowered cost) before the lines above deleted it: read them again.
env(true);

/**
 * While `work` runs: the waits between turns of a 2 ms interval (their 95th percentile and the longest)
 * and the event loop's utilization (the share of the time this thread ran code rather than waiting for
 * events: near 1 when the hashing runs on it). The longest wait is reported, not asserted: on a shared
 * machine the scheduler alone sometimes keeps a thread waiting for tens of milliseconds.
 */
async function loopWhile(work: () => Promise<unknown>) {
  const gaps: number[] = [];
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    gaps.push(now - last);
    last = now;
  }, 2);
  const elu0 = performance.eventLoopUtilization();
  const t0 = performance.now();
  await work();
  const ms = performance.now() - t0;
  const elu = performance.eventLoopUtilization(elu0).utilization;
  clearInterval(timer);
  gaps.push(performance.now() - last);
  gaps.sort((a, b) => a - b);
  const p95 = gaps[Math.floor(gaps.length * 0.95)]!;
  const longest = gaps[gaps.length - 1]!;
  const text = `${gaps.length} ticks in ${ms.toFixed(0)} ms: 95% within ${p95.toFixed(1)} ms, longest ${longest.toFixed(1)} ms; the loop was busy ${(elu * 100).toFixed(0)}% of the time`;
  return { ms, elu, p95, text };
}

// A bcryptjs hash (cost 10) of "old-password-1", as accounts of earlier versions hold them.
const BCRYPTJS = "$2b$10$.rsKWkhjQ.P7rsyCQWl/DuaUqvPkaZVwDGWXH1on7bIocXyuti502";

describe("password hashing off the event loop", () => {
  it("20 hashes at once at the production cost: the timer keeps ticking (95% of waits under 20 ms), the loop stays mostly idle", async () => {
    await hashPassword("warm-up password"); // loads the native binding
    const busy = await loopWhile(() => Promise.all(Array.from({ length: 20 }, (_, i) => hashPassword(`password number ${i}`))));
    // Real work: 20 hashes at the production cost take far longer than a wait may.
    expect(busy.ms).toBeGreaterThan(100);
    expect(busy.p95, busy.text).toBeLessThan(20);
    expect(busy.elu, busy.text).toBeLessThan(0.3);
  });

  it("20 comparisons (new hashes and bcryptjs ones from before) leave the loop free too, and answer right", async () => {
    const fresh = await hashPassword("right password");
    let answers: boolean[] = [];
    const busy = await loopWhile(async () => {
      answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          i % 2
            ? verifyPassword(i % 4 === 1 ? "right password" : "wrong password", fresh)
            : verifyPassword(i % 4 === 0 ? "old-password-1" : "nope", BCRYPTJS),
        ),
      );
    });
    expect(answers).toEqual(Array.from({ length: 20 }, (_, i) => i % 4 === 0 || i % 4 === 1));
    expect(busy.p95, busy.text).toBeLessThan(20);
    expect(busy.elu, busy.text).toBeLessThan(0.3);
  });

  it("new hashes are Argon2id at the configured cost; bcrypt and cheaper ones are to be replaced", async () => {
    const h = await hashPassword("some password");
    expect(h).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(needsRehash(h)).toBe(false);
    expect(needsRehash(BCRYPTJS)).toBe(true);
    expect(needsRehash(h.replace("m=19456,t=2", "m=1024,t=1"))).toBe(true);
    expect(await verifyPassword("some password", h)).toBe(true);
    expect(await verifyPassword("some password", "not a hash")).toBe(false);
    expect(await verifyPassword("some password", null)).toBe(false);
  });
});
