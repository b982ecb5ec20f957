import { timingSafeEqual } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import client from "prom-client";
import { sql } from "drizzle-orm";
import { db, rawRows, type Connection } from "@/db";
import { env } from "@/lib/env";

/*
 * GET /metrics in the Prometheus text format (docs/observability.md). Off unless METRICS_TOKEN is set
 * (then the front answers /metrics to `Authorization: Bearer <token>` only) or METRICS_PORT is (then a
 * second listener on 127.0.0.1 serves it without a token). Everything here lives on globalThis: the front
 * (loaded by server.ts through tsx) and Next.js's compiled server load their own copies of the modules,
 * and the gauges read what the other side keeps (the database connection, the live-event hub, the render
 * pool, the scheduler's job counts) from the same process-wide objects.
 */

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const DB_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

type JobStats = { runs: number; failures: number; items: number; seconds: number };
type Globals = {
  __forumMetrics?: Metrics;
  __forumDb?: Connection;
  __forumEvents?: { size: number };
  /** lib/markdown-pool.ts's state: its piscina pool and the tasks given to it and not yet answered. */
  __markdownPiscina?: { pool: { threads: unknown[]; queueSize: number } | null; running: number };
  __forumJobStats?: Map<string, JobStats>;
  /** db/replicas.ts's state: each replica's connection and what its poller and reads last saw. */
  __forumReplicas?: { replicas: ReplicaSeen[] };
};
type ReplicaSeen = { url: string; sql: unknown; healthy: boolean; lagMs: number; reads: number; fallbacks: number };
type Target = "primary" | "replica";
const g = globalThis as unknown as Globals;

type Metrics = ReturnType<typeof create>;

function create() {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
  const db = { inFlight: 0 };
  const m = {
    registry,
    db,
    requests: new client.Counter({
      name: "forum_http_requests_total",
      help: "HTTP requests answered, by route template, method and status",
      labelNames: ["route", "method", "status"] as const,
      registers: [registry],
    }),
    duration: new client.Histogram({
      name: "forum_http_request_duration_seconds",
      help: "Time from a request's arrival to the end of its answer, by route template, method and status",
      labelNames: ["route", "method", "status"] as const,
      buckets: BUCKETS,
      registers: [registry],
    }),
    pageCache: new client.Counter({
      name: "forum_page_cache_requests_total",
      help: "Public page requests by page-cache result: hit (sent from the cache), miss (rendered for it), bypass (not cacheable for this reader), ahead (rendered after a write)",
      labelNames: ["result"] as const,
      registers: [registry],
    }),
    dbQueries: new client.Counter({
      name: "forum_db_queries_total",
      help: "Statements sent to the database by this process, by target (primary, replica) and result",
      labelNames: ["target", "result"] as const,
      registers: [registry],
    }),
    dbTime: new client.Histogram({
      name: "forum_db_query_duration_seconds",
      help: "Time from sending a statement to its result (including time queued for a pooled connection), by target (primary, replica)",
      labelNames: ["target"] as const,
      buckets: DB_BUCKETS,
      registers: [registry],
    }),
  };
  new client.Gauge({
    name: "forum_db_queries_in_flight",
    help: "Statements sent and not yet answered (those beyond forum_db_pool_max wait for a connection)",
    registers: [registry],
    collect() {
      instrumentDb();
      this.set(db.inFlight);
    },
  });
  new client.Gauge({
    name: "forum_db_pool_max",
    help: "Connections the pool may open (DATABASE_POOL_SIZE; 1 for the embedded database)",
    registers: [registry],
    collect() {
      const c = g.__forumDb;
      this.set(c?.sql ? Number((c.sql as unknown as { options?: { max?: number } }).options?.max ?? 0) : c ? 1 : 0);
    },
  });
  const replicas = () => g.__forumReplicas?.replicas ?? [];
  new client.Gauge({
    name: "forum_db_replica_healthy",
    help: "Whether each read replica (DATABASE_REPLICA_URLS) takes reads now: 1, or 0 while it lags more than REPLICA_MAX_LAG_MS or cannot be reached",
    labelNames: ["replica"] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const r of replicas()) this.set({ replica: replicaLabel(r.url) }, r.healthy ? 1 : 0);
    },
  });
  new client.Gauge({
    name: "forum_db_replica_lag_seconds",
    help: "Each read replica's lag as its last poll saw it: the age of the oldest primary WAL position it had not replayed",
    labelNames: ["replica"] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const r of replicas()) this.set({ replica: replicaLabel(r.url) }, r.lagMs / 1000);
    },
  });
  const perReplica = (pick: (r: ReplicaSeen) => number) =>
    function (this: client.Counter<"replica">) {
      this.reset();
      for (const r of replicas()) this.inc({ replica: replicaLabel(r.url) }, pick(r));
    };
  new client.Counter({
    name: "forum_db_replica_reads_total",
    help: "Statements each read replica answered",
    labelNames: ["replica"] as const,
    registers: [registry],
    collect: perReplica((r) => r.reads),
  });
  new client.Counter({
    name: "forum_db_replica_fallbacks_total",
    help: "Statements sent to a replica that could not answer, run again on the primary (the replica is then taken out)",
    labelNames: ["replica"] as const,
    registers: [registry],
    collect: perReplica((r) => r.fallbacks),
  });
  new client.Gauge({
    name: "forum_live_streams_open",
    help: "Live-event streams (GET /api/events) open on this process",
    registers: [registry],
    collect() {
      this.set(g.__forumEvents?.size ?? 0);
    },
  });
  new client.Gauge({
    name: "forum_render_pool_queue",
    help: "Markdown documents waiting for a render worker",
    registers: [registry],
    collect() {
      this.set(g.__markdownPiscina?.pool?.queueSize ?? 0);
    },
  });
  new client.Gauge({
    name: "forum_render_pool_workers",
    help: "Markdown render workers by state",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const state = g.__markdownPiscina;
      const workers = state?.pool?.threads.length ?? 0;
      // Tasks not in the queue are running, one per worker.
      const busy = Math.min(workers, Math.max(0, (state?.running ?? 0) - (state?.pool?.queueSize ?? 0)));
      this.set({ state: "busy" }, busy);
      this.set({ state: "idle" }, workers - busy);
    },
  });
  new client.Gauge({
    name: "forum_mail_outbox",
    help: "Mail in the outbox by status (pending and sending: the queue's depth; failed: given up after MAIL_MAX_ATTEMPTS)",
    labelNames: ["status"] as const,
    registers: [registry],
    async collect() {
      const rows = await rawRows<{ status: string; n: number }>(
        dbHandle(),
        sql`select status, count(*)::int as n from mail_outbox where status in ('pending', 'sending', 'failed') group by status`,
      );
      for (const status of ["pending", "sending", "failed"]) this.set({ status }, Number(rows.find((r) => r.status === status)?.n ?? 0));
    },
  });
  new client.Gauge({
    name: "forum_mail_retrying",
    help: "Pending mail that failed at least once and waits for another attempt",
    registers: [registry],
    async collect() {
      const [row] = await rawRows<{ n: number }>(
        dbHandle(),
        sql`select count(*)::int as n from mail_outbox where status = 'pending' and attempts > 0`,
      );
      this.set(Number(row?.n ?? 0));
    },
  });
  new client.Gauge({
    name: "forum_notification_mail_queue",
    help: "Reply and mention notifications waiting to be turned into mail",
    registers: [registry],
    async collect() {
      const [row] = await rawRows<{ n: number }>(dbHandle(), sql`select count(*)::int as n from notification_mail_queue`);
      this.set(Number(row?.n ?? 0));
    },
  });
  const jobs = (pick: (s: JobStats) => number) =>
    function (this: client.Counter<"job">) {
      this.reset();
      for (const [job, s] of g.__forumJobStats ?? []) this.inc({ job }, pick(s));
    };
  new client.Counter({
    name: "forum_scheduler_job_runs_total",
    help: "Scheduler runs of each job that had work",
    labelNames: ["job"] as const,
    registers: [registry],
    collect: jobs((s) => s.runs),
  });
  new client.Counter({
    name: "forum_scheduler_job_failures_total",
    help: "Scheduler runs of each job that threw (retried on the next pass)",
    labelNames: ["job"] as const,
    registers: [registry],
    collect: jobs((s) => s.failures),
  });
  new client.Counter({
    name: "forum_scheduler_job_items_total",
    help: "Items each job processed (mail sent, draws made…)",
    labelNames: ["job"] as const,
    registers: [registry],
    collect: jobs((s) => s.items),
  });
  new client.Counter({
    name: "forum_scheduler_job_seconds_total",
    help: "Time spent in each job",
    labelNames: ["job"] as const,
    registers: [registry],
    collect: jobs((s) => s.seconds),
  });
  return m;
}

/** The process's metrics (made once). */
export const metrics = (): Metrics => (g.__forumMetrics ??= create());

const dbHandle = () => db;

/** Counts a page-cache outcome (lib/front/page-hits.ts). */
export function countPageCache(result: "hit" | "miss" | "bypass" | "ahead"): void {
  metrics().pageCache.inc({ result });
}

/** Records one request's answer. */
export function observeRequest(route: string, method: string, status: number, seconds: number): void {
  // The database and the replicas open on first use, inside Next.js (after the front was made): their
  // statements are timed from the first answer after they opened.
  instrumentDb();
  const m = metrics();
  const labels = { route, method, status: String(status) };
  m.requests.inc(labels);
  m.duration.observe(labels, seconds);
}

// --- the database: every statement of the process's one connection, timed ---------------------------

type Fn = (...a: unknown[]) => unknown;
const TIMED = Symbol.for("forum.metrics.timed");

function settle(started: number, ok: boolean, target: Target): void {
  const m = metrics();
  m.db.inFlight--;
  m.dbQueries.inc({ target, result: ok ? "ok" : "error" });
  m.dbTime.observe({ target }, (performance.now() - started) / 1000);
}

/** A replica's label: its host and port (never its user or password). */
function replicaLabel(url: string): string {
  try {
    const u = new URL(url);
    return u.port ? `${u.hostname}:${u.port}` : u.hostname;
  } catch {
    return "replica";
  }
}

/**
 * postgres.js: a query runs when it is awaited (`then`), so the timing starts there. A replica's `unsafe`
 * (db/replicas.ts, which runs a statement again on the primary when the replica cannot answer) gives back
 * its own thenable, whose `values()` is a separate promise: timed the same way.
 */
function timePostgres(sqlObj: Record<string | symbol, unknown>, target: Target): void {
  if (sqlObj[TIMED]) return;
  sqlObj[TIMED] = true;
  const unsafe = (sqlObj.unsafe as Fn).bind(sqlObj);
  const timed = <T>(run: () => PromiseLike<T>): Promise<T> => {
    const m = metrics();
    m.db.inFlight++;
    const started = performance.now();
    return Promise.resolve(run()).then(
      (v) => (settle(started, true, target), v),
      (e: unknown) => {
        settle(started, false, target);
        throw e;
      },
    );
  };
  sqlObj.unsafe = (...a: unknown[]) => {
    const q = unsafe(...a) as { then: Fn; values?: Fn };
    const then = q.then;
    q.then = function (this: unknown, onOk?: Fn | null, onErr?: Fn | null) {
      const m = metrics();
      m.db.inFlight++;
      const started = performance.now();
      return then.call(
        this,
        (v: unknown) => {
          settle(started, true, target);
          return onOk ? onOk(v) : v;
        },
        (e: unknown) => {
          settle(started, false, target);
          if (onErr) return onErr(e);
          throw e;
        },
      );
    } as Fn;
    const values = q.values;
    if (typeof values === "function") {
      q.values = function (this: unknown, ...v: unknown[]) {
        const out = values.apply(this, v) as unknown;
        // postgres.js's values() marks the query and returns it (its `then`, above, is timed).
        return out === q ? out : timed(() => out as PromiseLike<unknown>);
      } as Fn;
    }
    return q;
  };
  for (const name of ["begin", "savepoint"]) {
    const original = sqlObj[name];
    if (typeof original !== "function") continue;
    const bound = (original as Fn).bind(sqlObj);
    sqlObj[name] = (...a: unknown[]) => {
      const fn = a.pop() as Fn;
      return bound(...a, (tx: Record<string | symbol, unknown>) => {
        timePostgres(tx, target);
        return fn(tx);
      });
    };
  }
}

/** PGlite: query/exec are plain promises; a transaction hands its callback a scoped client. */
function timePglite(p: Record<string | symbol, unknown>): void {
  if (p[TIMED]) return;
  p[TIMED] = true;
  for (const name of ["query", "exec"]) {
    // A transaction's scoped client has query (and exec) as PGlite's version gives them; time what exists.
    if (typeof p[name] !== "function") continue;
    const original = (p[name] as Fn).bind(p);
    p[name] = (...a: unknown[]) => {
      const m = metrics();
      m.db.inFlight++;
      const started = performance.now();
      return (original(...a) as Promise<unknown>).then(
        (v) => (settle(started, true, "primary"), v),
        (e) => {
          settle(started, false, "primary");
          throw e;
        },
      );
    };
  }
  if (typeof p.transaction !== "function") return;
  const transaction = (p.transaction as Fn).bind(p);
  p.transaction = (fn: Fn) =>
    transaction((tx: Record<string | symbol, unknown>) => {
      timePglite(tx);
      return fn(tx);
    });
}

/** Times the statements of the process's database connection (once it is open; again after a reopen). */
export function instrumentDb(): void {
  const c = g.__forumDb;
  if (!c) return;
  if (c.sql) timePostgres(c.sql as unknown as Record<string | symbol, unknown>, "primary");
  if (c.pglite) timePglite(c.pglite as unknown as Record<string | symbol, unknown>);
  for (const r of g.__forumReplicas?.replicas ?? []) timePostgres(r.sql as Record<string | symbol, unknown>, "replica");
}

// --- route templates ---------------------------------------------------------------------------------

type Template = { route: string; parts: string[] };
let templates: Template[] | null = null;

const rank = (seg: string) => (seg.startsWith("[[...") ? 3 : seg.startsWith("[...") ? 2 : seg.startsWith("[") ? 1 : 0);

/** The app's route templates, most specific first (static segments before dynamic, catch-alls last). */
export function setRouteTemplates(routes: string[]): void {
  const list = [...new Set(routes)].map((route) => ({ route, parts: route.split("/").filter(Boolean) }));
  list.sort((a, b) => {
    for (let i = 0; i < Math.max(a.parts.length, b.parts.length); i++) {
      const ra = a.parts[i] === undefined ? -1 : rank(a.parts[i]!);
      const rb = b.parts[i] === undefined ? -1 : rank(b.parts[i]!);
      if (ra !== rb) return ra - rb;
    }
    return 0;
  });
  templates = list;
}

/** Route templates of a build: Next.js's app-path-routes manifest, and the files in public/. */
export function loadRouteTemplates(dir: string): void {
  const routes: string[] = ["/metrics"];
  try {
    const distDir = path.join(dir, process.env.NEXT_DIST_DIR || ".next");
    const manifest = JSON.parse(readFileSync(path.join(distDir, "app-path-routes-manifest.json"), "utf8")) as Record<string, string>;
    routes.push(...Object.values(manifest));
  } catch (err) {
    console.error("[metrics] no app-path-routes-manifest.json: requests are labelled by their first path segment", err);
  }
  try {
    for (const f of readdirSync(path.join(dir, "public"), { withFileTypes: true }))
      routes.push(f.isDirectory() ? `/${f.name}/[...file]` : `/${f.name}`);
  } catch {
    // no public folder
  }
  setRouteTemplates(routes);
}

function matches(parts: string[], t: string[]): boolean {
  for (let i = 0; i < t.length; i++) {
    const seg = t[i]!;
    const r = rank(seg);
    if (r === 3) return true;
    if (r === 2) return parts.length > i;
    if (i >= parts.length) return false;
    if (r === 0 && seg !== parts[i]) return false;
  }
  return parts.length === t.length;
}

/** The route template a URL is answered by (`/posts/[id]`), so labels stay few whatever the URLs are. */
export function routeOf(url: string): string {
  const pathname = url.split("?")[0] ?? "/";
  if (pathname.startsWith("/_next/static/")) return "/_next/static";
  if (pathname.startsWith("/_next/")) return "/_next";
  let parts: string[];
  try {
    parts = pathname.split("/").filter(Boolean).map(decodeURIComponent);
  } catch {
    return "other";
  }
  if (!templates) return parts.length ? `/${parts[0]}…` : "/";
  for (const t of templates) if (matches(parts, t.parts)) return t.route;
  return "other";
}

// --- the endpoint ------------------------------------------------------------------------------------

async function sendMetrics(res: ServerResponse): Promise<void> {
  instrumentDb();
  try {
    const body = await metrics().registry.metrics();
    res.writeHead(200, { "content-type": metrics().registry.contentType, "cache-control": "no-store" });
    res.end(body);
  } catch (err) {
    console.error("[metrics] could not collect", err);
    res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
    res.end("metrics unavailable\n");
  }
}

function bearerMatches(req: IncomingMessage, token: string): boolean {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? "");
  if (!m) return false;
  const got = Buffer.from(m[1]!);
  const want = Buffer.from(token);
  return got.length === want.length && timingSafeEqual(got, want);
}

/**
 * GET /metrics on the site's own port, when METRICS_TOKEN is set: answered here (never by Next.js) to the
 * bearer of the token, 401 in JSON to anyone else. Without the setting the path is an ordinary unknown page.
 */
export function answerMetrics(req: IncomingMessage, res: ServerResponse): boolean {
  const token = env().METRICS_TOKEN;
  if (!token || (req.url ?? "").split("?")[0] !== "/metrics") return false;
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.writeHead(405, { allow: "GET, HEAD", "content-type": "application/json" });
    res.end(JSON.stringify({ error: "Method not allowed", code: "method_not_allowed" }));
    return true;
  }
  if (!bearerMatches(req, token)) {
    res.writeHead(401, { "www-authenticate": 'Bearer realm="metrics"', "content-type": "application/json" });
    res.end(JSON.stringify({ error: "A valid metrics token is required", code: "unauthorized" }));
    return true;
  }
  void sendMetrics(res);
  return true;
}

/** METRICS_PORT: a second listener on 127.0.0.1 that serves /metrics (and nothing else) without a token. */
export function startMetricsListener(): http.Server | null {
  const port = env().METRICS_PORT;
  if (!port) return null;
  const server = http.createServer((req, res) => {
    if ((req.url ?? "").split("?")[0] === "/metrics" && (req.method === "GET" || req.method === "HEAD")) return void sendMetrics(res);
    res.writeHead(404, { "content-type": "text/plain; charset=utf-8" });
    res.end("Not found\n");
  });
  server.on("error", (err) => console.error(`[metrics] cannot listen on 127.0.0.1:${port}`, err));
  server.listen(port, "127.0.0.1");
  server.unref();
  return server;
}
