import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker, type WorkerOptions } from "node:worker_threads";
import { type MarkdownLimitViolation, RENDER_BUDGET } from "@/lib/markdown-limits";

/**
 * Markdown renders in worker threads, so that no document can hold the server's one thread.
 *
 * The API stays synchronous (pages and services call renderMarkdown inline): the server's thread posts
 * the document to an idle worker and sleeps on a shared counter (Atomics.wait) until the worker answers
 * or the wait budget is spent (RENDER_BUDGET: at most `waitMs` for one render, and a token bucket over
 * all renders, so a page of slow documents cannot add up to a long stall either). A render that is not
 * back in time goes on in the worker and is handed to `onLate` (the memo keeps it for the next view);
 * one still running after `hardMs` is stopped by replacing its worker. When no worker is idle the
 * document is queued for the background and the caller shows plain text for now.
 *
 * The write-time check of MARKDOWN_LIMITS (a full parse) runs there too, waited for the same way
 * (checkInWorker).
 *
 * Start-up: the first worker loads markdown-it, highlight.js and sanitize-html (~0.3 s); the very first
 * render waits for it (at most `startupWaitMs`, once per process).
 */

/**
 * The HTML of a render that was not waited for (and the limit it found); null when it failed or was
 * stopped; undefined when it was dropped (queue full).
 */
type Late = (html: string | null | undefined, violation?: MarkdownLimitViolation | null) => void;
type Job = { id: number; kind: "render" | "check"; source: string; started: number; onLate: Late; timer?: ReturnType<typeof setTimeout> };
type Slot = { worker: Worker; port: MessagePort; signal: Int32Array; job: Job | null; dead: boolean };
type Budget = { -readonly [K in keyof typeof RENDER_BUDGET]: number };

type Pool = {
  slots: Slot[];
  queue: Job[];
  nextId: number;
  /** Milliseconds the server's thread may still wait (token bucket). */
  tokens: number;
  refilledAt: number;
  /** The first worker has been waited for (at start-up): later starts are never waited for. */
  started: boolean;
  failures: number;
  retryAt: number;
  budget: Budget;
};

const MAX_QUEUE = 200;

/**
 * Under Vitest, renders are waited for (tests check what a document renders to, on a machine that may
 * be busy); the tests of the budgets set them with setRenderBudgetForTests.
 */
const defaultBudget = (): Budget =>
  process.env.NODE_ENV === "test" ? { ...RENDER_BUDGET, waitMs: 60_000, burstMs: 60_000, hardMs: 120_000 } : { ...RENDER_BUDGET };

// One pool per process, kept on globalThis so that dev hot reload does not start more workers.
const g = globalThis as typeof globalThis & { __markdownPool?: Pool };
const pool: Pool = (g.__markdownPool ??= {
  slots: [],
  queue: [],
  nextId: 1,
  tokens: defaultBudget().burstMs,
  refilledAt: performance.now(),
  started: false,
  failures: 0,
  retryAt: 0,
  budget: defaultBudget(),
});

/**
 * Outside Next.js (Vitest, tsx scripts) the worker entry is TypeScript source: this bootstrap registers
 * tsx in the worker, then loads it; a failure to load sets the ready flag to -1 (nobody waits for it).
 */
const TSX_BOOT = `
const { workerData } = require("node:worker_threads");
import("tsx/esm/api")
  .then(({ register }) => { register(); return import(workerData.entry); })
  .catch((e) => { console.error(e); Atomics.store(workerData.signal, 1, -1); Atomics.notify(workerData.signal, 1); });
`;

const ready = (s: Slot) => !s.dead && Atomics.load(s.signal, 1) === 1;
const live = () => pool.slots.filter((s) => !s.dead);

function spawn(): Slot | null {
  if (performance.now() < pool.retryAt) return null;
  const { port1, port2 } = new MessageChannel();
  const signal = new Int32Array(new SharedArrayBuffer(8));
  let worker: Worker;
  const options: WorkerOptions = { name: "markdown", workerData: { port: port2, signal }, transferList: [port2] };
  try {
    // The literal `new Worker(new URL(…, import.meta.url))` is what Next.js (Turbopack) bundles as a
    // worker entry; elsewhere the TypeScript source is loaded through tsx.
    if (process.env.NEXT_RUNTIME) worker = new Worker(new URL("./markdown-worker.ts", import.meta.url), options);
    else {
      const entry = pathToFileURL(path.join(path.dirname(fileURLToPath(import.meta.url)), "markdown-worker.ts")).href;
      worker = new Worker(TSX_BOOT, { ...options, eval: true, workerData: { ...options.workerData, entry } });
    }
  } catch (e) {
    failed(e);
    return null;
  }
  const slot: Slot = { worker, port: port1, signal, job: null, dead: false };
  port1.on("message", (m: Reply) => answered(slot, m));
  // Neither keeps the process alive (tests and scripts end when their work is done).
  port1.unref();
  worker.unref();
  worker.on("error", (e) => {
    failed(e);
    retire(slot);
  });
  worker.on("exit", () => retire(slot));
  pool.slots.push(slot);
  return slot;
}

let reported = false;
function failed(e: unknown) {
  pool.failures++;
  if (pool.failures >= 3) pool.retryAt = performance.now() + 30_000;
  if (!reported) {
    reported = true;
    console.error("[markdown] the render worker failed; documents show as plain text until it starts:", e);
  }
}

function retire(slot: Slot) {
  if (slot.dead && !pool.slots.includes(slot)) return;
  slot.dead = true;
  pool.slots = pool.slots.filter((s) => s !== slot);
  const job = slot.job;
  slot.job = null;
  if (job) {
    clearTimeout(job.timer);
    job.onLate(null);
  }
  // Keep a worker loaded, so that the next render or check need not wait for one to start.
  if (!live().length) spawnLater();
  pump();
}

/** A worker's answer that nobody waited for (late, or a queued job). */
function answered(slot: Slot, m: Reply) {
  const job = slot.job;
  if (!job || job.id !== m.id) return;
  clearTimeout(job.timer);
  slot.job = null;
  pool.failures = 0;
  job.onLate(m.html ?? null, m.violation ?? null);
  pump();
}

/** Gives `job` to `slot` without waiting; it is stopped (its worker replaced) after `hardMs`. */
function start(slot: Slot, job: Job) {
  // `hardMs` bounds the render itself, not its time in the queue.
  job.started = performance.now();
  slot.job = job;
  slot.port.postMessage({ id: job.id, kind: job.kind, source: job.source });
  watch(slot, job);
}

function watch(slot: Slot, job: Job) {
  const left = pool.budget.hardMs - (performance.now() - job.started);
  job.timer = setTimeout(
    () => {
      if (slot.job !== job) return;
      slot.job = null;
      retire(slot);
      void slot.worker.terminate();
      job.onLate(null);
    },
    Math.max(0, left),
  );
  job.timer.unref?.();
}

/** Queued documents go to idle workers; a worker is started when there is work and room. */
function pump() {
  while (pool.queue.length) {
    const slot = pool.slots.find((s) => ready(s) && !s.job);
    if (!slot) {
      if (live().length < pool.budget.workers) spawnLater();
      return;
    }
    start(slot, pool.queue.shift()!);
  }
}

// A worker that has loaded (its ready flag set) tells nobody: check for it shortly after starting one.
function spawnLater() {
  const slot = spawn();
  if (!slot) return;
  const poll = setInterval(() => {
    if (slot.dead) clearInterval(poll);
    else if (ready(slot)) {
      clearInterval(poll);
      pump();
    }
  }, 25);
  poll.unref?.();
}

function refill() {
  const now = performance.now();
  pool.tokens = Math.min(pool.budget.burstMs, pool.tokens + ((now - pool.refilledAt) * pool.budget.refillPerSecond) / 1000);
  pool.refilledAt = now;
}

/**
 * The rendered HTML of `source` if a worker returns it within the wait budget; otherwise null, and
 * the render goes on: `onLate` gets its HTML (or null when it failed or was stopped).
 */
export function renderInWorker(source: string, onLate: Late): Rendered | null {
  refill();
  const slot = idleSlot();
  const job: Job = { id: pool.nextId++, kind: "render", source, started: performance.now(), onLate };
  if (!slot) {
    if (pool.queue.length < MAX_QUEUE) {
      pool.queue.push(job);
      pump();
    } else onLate(undefined);
    return null;
  }
  const wait = Math.max(0, Math.min(pool.budget.waitMs, pool.tokens));
  const t0 = performance.now();
  const reply = ask(slot, job, wait);
  pool.tokens -= performance.now() - t0;
  if (!reply) return null;
  if (reply.html == null) {
    onLate(null);
    return null;
  }
  return { html: reply.html, violation: reply.violation ?? null };
}

export type Rendered = { html: string; violation: MarkdownLimitViolation | null };

/** Renders waiting for a worker beyond this are refused at once (null), so memory stays bounded. */
const MAX_ASYNC_QUEUE = 2_000;

/**
 * The render of `source` in a worker, awaited: the server's thread goes on with other requests
 * meanwhile (no Atomics.wait). Null when the render failed, was stopped after `hardMs`, or the queue
 * is full. Writes store what this returns (lib/services/content/stored-html.ts); views read the store.
 */
export function renderInWorkerAsync(source: string): Promise<Rendered | null> {
  return new Promise((resolve) => {
    if (pool.queue.length >= MAX_ASYNC_QUEUE) return resolve(null);
    const job: Job = {
      id: pool.nextId++,
      kind: "render",
      source,
      started: performance.now(),
      onLate: (html, violation) => resolve(typeof html === "string" ? { html, violation: violation ?? null } : null),
    };
    const slot = pool.slots.find((s) => ready(s) && !s.job);
    if (slot) start(slot, job);
    else {
      pool.queue.push(job);
      if (!live().length) spawnLater();
      else pump();
    }
  });
}

export type LimitCheck = { ok: true } | { ok: false; violation: MarkdownLimitViolation } | { ok: false; timedOut: true };

/**
 * checkMarkdownLimits in a worker, waited for at most `waitMs` (writes are not held by the token
 * bucket: they are rate-limited, and refusing one because others rendered would be wrong). When every
 * worker is busy, waits (within the same budget) for one to finish; null when none did: the caller
 * decides (lib/validation/markdown.ts checks a short text on its own thread, refuses a long one).
 */
export function checkInWorker(source: string): LimitCheck | null {
  const deadline = performance.now() + pool.budget.waitMs;
  let slot = idleSlot();
  while (!slot) {
    const left = deadline - performance.now();
    const busy = live().find((s) => s.job) ?? live()[0];
    if (left <= 0 || !busy) return null;
    if (busy.job) Atomics.wait(busy.signal, 0, Atomics.load(busy.signal, 0), left);
    else Atomics.wait(busy.signal, 1, 0, left);
    // The busy worker's answer is delivered to `answered` from the event loop, which is not running
    // here: take it now, so that the worker counts as idle.
    const reply = busy.job ? (receiveMessageOnPort(busy.port)?.message as Reply | undefined) : undefined;
    if (reply) answered(busy, reply);
    slot = pool.slots.find((s) => ready(s) && !s.job);
  }
  const job: Job = { id: pool.nextId++, kind: "check", source, started: performance.now(), onLate: () => {} };
  const reply = ask(slot, job, Math.max(1, deadline - performance.now()));
  if (!reply) return { ok: false, timedOut: true };
  return reply.violation ? { ok: false, violation: reply.violation } : { ok: true };
}

/** A ready worker with nothing to do (at start-up, the first one is waited for, once). */
function idleSlot(): Slot | undefined {
  let slot = pool.slots.find((s) => ready(s) && !s.job);
  if (!slot && !pool.started) {
    const first = live()[0] ?? spawn();
    if (first) {
      Atomics.wait(first.signal, 1, 0, pool.budget.startupWaitMs);
      pool.started = true;
      if (ready(first) && !first.job) slot = first;
    }
  }
  return slot;
}

type Reply = { id: number; html?: string | null; violation?: MarkdownLimitViolation | null };

/**
 * Posts `job` to `slot` and sleeps until the worker answers or `wait` ms have passed. Without an
 * answer, the job goes on (its answer reaches `answered`, and it is stopped after `hardMs`).
 */
function ask(slot: Slot, job: Job, wait: number): Reply | null {
  slot.job = job;
  const seen = Atomics.load(slot.signal, 0);
  slot.port.postMessage({ id: job.id, kind: job.kind, source: job.source });
  if (wait > 0) Atomics.wait(slot.signal, 0, seen, wait);
  const reply = receiveMessageOnPort(slot.port)?.message as Reply | undefined;
  if (reply && reply.id === job.id) {
    slot.job = null;
    pump();
    return reply;
  }
  watch(slot, job);
  return null;
}

/** Starts the first worker now (it loads in the background), so that the first render need not wait. */
export function startRenderWorkers() {
  if (!live().length) spawn();
}

/** Tests only: change the budgets of this process's pool; `"default"` puts back the test defaults. */
export function setRenderBudgetForTests(budget: Partial<Budget> | "default") {
  Object.assign(pool.budget, budget === "default" ? defaultBudget() : budget);
  pool.tokens = pool.budget.burstMs;
}

/** Tests only: the number of live workers and of queued documents. */
export function renderPoolState() {
  return { workers: live().length, busy: live().filter((s) => s.job).length, queued: pool.queue.length };
}
