import path from "node:path";
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import { type MarkdownLimitViolation, RENDER_BUDGET } from "@/lib/markdown-limits";

/**
 * Markdown renders, and the write-time check of MARKDOWN_LIMITS, run in worker threads (piscina), so
 * that no document can hold the server's one thread: callers await the answer while the thread serves
 * other requests. Nothing here waits synchronously.
 *
 * What piscina does not know is how long a task may run: each task carries a shared start time, which
 * the worker writes when it begins (lib/markdown-worker.ts), so the limits count running time, not time
 * in the queue. A render still running after RENDER_BUDGET.hardMs is aborted, which makes piscina end
 * its worker and start another. A check that has run RENDER_BUDGET.waitMs answers "timed out" (the
 * text is too complex, refused) and is stopped at `hardMs` the same way.
 *
 * Start-up: a worker loads markdown-it, highlight.js and sanitize-html and warms them (~0.3 s) before it
 * takes a task; one is started with the process (startRenderWorkers) and a second when the first is busy.
 */

export type Rendered = { html: string; violation: MarkdownLimitViolation | null };
export type LimitCheck = { ok: true } | { ok: false; violation: MarkdownLimitViolation } | { ok: false; timedOut: true };
type Reply = { html?: string | null; violation?: MarkdownLimitViolation | null };
type Budget = { -readonly [K in keyof typeof RENDER_BUDGET]: number };

/** Tasks waiting for a worker beyond this are refused at once (null), so memory stays bounded. */
const MAX_QUEUE = 2_000;

/**
 * Under Vitest, renders and checks get generous budgets (tests check what a document renders to, on a
 * machine that may be busy); the tests of the budgets set them with setRenderBudgetForTests.
 */
const defaultBudget = (): Budget =>
  process.env.NODE_ENV === "test" ? { ...RENDER_BUDGET, waitMs: 60_000, hardMs: 120_000 } : { ...RENDER_BUDGET };

/**
 * The worker's entry: a small ES module that loads the TypeScript worker through tsx, so that one file
 * serves the server (started with `--import tsx`), `next dev`, Vitest and scripts alike. Inside the
 * Next.js bundle `import.meta.url` names a compiled chunk, so the path is taken from the project root.
 */
function workerFile(): string {
  const here = process.env.NEXT_RUNTIME ? path.join(process.cwd(), "lib") : path.dirname(fileURLToPath(import.meta.url));
  return path.join(here, "markdown-worker-entry.mjs");
}

// One pool per process, kept on globalThis so that dev hot reload does not start more workers (and
// /metrics, lib/front/metrics.ts, reads it from the server's side of the process).
type State = { pool: Piscina | null; budget: Budget; running: number };
const g = globalThis as typeof globalThis & { __markdownPiscina?: State };
const state: State = (g.__markdownPiscina ??= { pool: null, budget: defaultBudget(), running: 0 });

let reported = false;
function pool(): Piscina {
  if (state.pool) return state.pool;
  const p = new Piscina({
    filename: workerFile(),
    name: "default",
    minThreads: 1,
    maxThreads: RENDER_BUDGET.workers,
    maxQueue: MAX_QUEUE,
    idleTimeout: 60_000,
    // The markdown code needs no more than this; a runaway document cannot take the process's memory.
    resourceLimits: { maxOldGenerationSizeMb: 512 },
  });
  p.on("error", (e) => {
    if (reported) return;
    reported = true;
    console.error("[markdown] a render worker failed; documents show as plain text until one starts:", e);
  });
  // (piscina unrefs an idle worker: a script or a test file ends when its own work is done.)
  return (state.pool = p);
}

/**
 * Calls `onOver` once the task whose start time is `started` (0 until the worker begins it) has run
 * `ms`; returns the stop for its timer. Time in the queue does not count.
 */
function afterRunning(started: Float64Array, ms: number, onOver: () => void): () => void {
  let timer: ReturnType<typeof setTimeout>;
  const look = () => {
    const since = started[0] ? Date.now() - started[0] : -1;
    if (since >= ms) return onOver();
    // Not begun yet: look again soon (a queued task begins when a worker is free).
    timer = setTimeout(look, since < 0 ? Math.min(ms, 50) : ms - since);
    timer.unref?.();
  };
  timer = setTimeout(look, ms);
  timer.unref?.();
  return () => clearTimeout(timer);
}

/**
 * Runs one task: its answer, or null when it failed, was aborted (`hardMs` of running, or `giveUp`
 * called while it waits), or the queue is full.
 */
function run(kind: "render" | "check", source: string, giveUp?: AbortSignal): { started: Float64Array; done: Promise<Reply | null> } {
  const started = new Float64Array(new SharedArrayBuffer(8));
  const abort = new AbortController();
  const stop = afterRunning(started, state.budget.hardMs, () => abort.abort());
  giveUp?.addEventListener("abort", () => abort.abort(), { once: true });
  state.running++;
  const done = pool()
    .run({ kind, source, started }, { signal: abort.signal })
    .then(
      (r: Reply) => r,
      () => null,
    )
    .finally(() => {
      stop();
      state.running--;
    });
  return { started, done };
}

/**
 * The render of `source`: its sanitized HTML and the MARKDOWN_LIMITS limit it exceeds (its HTML is then
 * the escaped source). Null when the render failed, was stopped after `hardMs`, or the queue is full.
 * Writes store what this returns (lib/services/content/stored-html.ts); views read the store.
 */
export async function renderInWorkerAsync(source: string): Promise<Rendered | null> {
  const reply = await run("render", source).done;
  return typeof reply?.html === "string" ? { html: reply.html, violation: reply.violation ?? null } : null;
}

/**
 * checkMarkdownLimits in a worker. A text whose check runs `waitMs` is too complex (timedOut; the check
 * is stopped at `hardMs`). Null when no worker began it within `hardMs` (all busy with other members'
 * slow documents, or none could start), or it failed: the caller decides (lib/validation/markdown.ts
 * checks a short text on its own thread and refuses a long one).
 */
export function checkInWorkerAsync(source: string): Promise<LimitCheck | null> {
  return new Promise((resolve) => {
    const waiting = new AbortController();
    const { started, done } = run("check", source, waiting.signal);
    const stopTooLong = afterRunning(started, state.budget.waitMs, () => resolve({ ok: false, timedOut: true }));
    const queued = setTimeout(() => {
      if (started[0]) return;
      waiting.abort();
      resolve(null);
    }, state.budget.hardMs);
    queued.unref?.();
    void done.then((reply) => {
      stopTooLong();
      clearTimeout(queued);
      if (!reply) resolve(null);
      else resolve(reply.violation ? { ok: false, violation: reply.violation } : { ok: true });
    });
  });
}

/** Starts the first worker now (it loads in the background), so that the first render need not wait for it. */
export function startRenderWorkers() {
  pool();
}

/** Tests only: change the budgets of this process's pool; `"default"` puts back the test defaults. */
export function setRenderBudgetForTests(budget: Partial<Budget> | "default") {
  Object.assign(state.budget, budget === "default" ? defaultBudget() : budget);
}

/** Tests and benchmarks: the live workers and the tasks given to the pool and not yet answered. */
export function renderPoolState() {
  const p = state.pool;
  return { workers: p ? p.threads.length : 0, running: state.running, queued: p ? p.queueSize : 0 };
}
