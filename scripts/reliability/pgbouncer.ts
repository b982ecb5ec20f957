// npx tsx scripts/reliability/pgbouncer.ts
//
// The app behind PgBouncer in transaction mode (issue 59, docs/scaling.md), for real: a primary initdb'd on
// a free port in 4600-4699, Debian's pgbouncer in front of it on another (pool_mode = transaction, the
// pgbouncer.ini of docs/scaling.md), and a server process (server.ts, production build) with
// DATABASE_URL = the pooler, DATABASE_POOLER=transaction (no prepared statements, no startup parameters)
// and DATABASE_DIRECT_URL = the primary (LISTEN for live events, the migrations' advisory lock). Checks:
// register and sign in, post, comment, the comment's live event on an open stream, 60 concurrent reads, all
// through the pooler (its SHOW STATS counts them), and the listener on a direct connection.
// Bounded to 360 s; every process and folder it made is removed however it ends (pg-cluster.ts).
import { spawnSync } from "node:child_process";
import postgres from "postgres";
import { api, check, ensureBuild, finish, sleep, startServer, type Check, type Server } from "./lib";
import { cleanupAll, freePort, limitRun, makePrimary, scratchDir, startPgbouncer } from "./pg-cluster";

const checks: Check[] = [];
const servers: Server[] = [];

/** PgBouncer's admin console answers the simple protocol only: ask it with psql. */
function bouncerStats(port: number, db: string): { xacts: number; queries: number } {
  const r = spawnSync(
    "psql",
    ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "-d", "pgbouncer", "-At", "-F", "\t", "-c", "show stats"],
    {
      encoding: "utf8",
      timeout: 10_000,
    },
  );
  if (r.status !== 0) throw new Error(`show stats failed: ${r.stderr}`);
  // database, total_xact_count, total_query_count, …
  const row = r.stdout
    .split("\n")
    .map((l) => l.split("\t"))
    .find((c) => c[0] === db);
  return { xacts: Number(row?.[1] ?? 0), queries: Number(row?.[2] ?? 0) };
}

async function main() {
  limitRun(360_000, () => {
    for (const s of servers) if (s.proc.exitCode === null) s.proc.kill("SIGKILL");
  });
  ensureBuild();
  const parent = scratchDir("pgbouncer");
  const primaryPort = await freePort(4600, 4699);
  const bouncerPort = await freePort(4600, 4699, [primaryPort]);
  const appPort = await freePort(4600, 4699, [primaryPort, bouncerPort]);
  const primary = makePrimary(parent, primaryPort);
  const admin = postgres(primary.url(), { max: 1, onnotice: () => {} });
  await admin.unsafe("create database forum");
  // What the app would send at connect time, set on the role instead (DATABASE_POOLER=transaction sends none).
  await admin.unsafe("alter role postgres set jit = off");
  await admin.unsafe("alter role postgres set max_parallel_workers_per_gather = 0");
  await admin.end();
  startPgbouncer(primary, parent, bouncerPort, "forum");
  const pooled = `postgres://postgres@127.0.0.1:${bouncerPort}/forum`;
  for (let i = 0; i < 50; i++) {
    const probe = postgres(pooled, { max: 1, prepare: false, onnotice: () => {}, connect_timeout: 2 });
    const ok = await probe`select 1 as one`.then(
      () => true,
      () => false,
    );
    await probe.end({ timeout: 1 });
    if (ok) break;
    await sleep(200);
  }
  await driverThroughPooler(pooled);
  const direct = postgres(primary.url("forum"), { max: 1, onnotice: () => {} });
  let streamAbort: AbortController | null = null;
  try {
    const app = await startServer(appPort, {
      DATABASE_URL: pooled,
      DATABASE_POOLER: "transaction",
      DATABASE_DIRECT_URL: primary.url("forum"),
      TEST_RATE_LIMITS: "register=1000,login=1000",
      DATABASE_POOL_SIZE: "10",
    });
    servers.push(app);
    const before = bouncerStats(bouncerPort, "forum");

    const reg = await api(app.url, "/api/auth/register", null, "POST", {
      username: "pooled",
      email: "pooled@example.test",
      password: "pooled-password-1",
    });
    const login = await api(app.url, "/api/auth/login", null, "POST", { username: "pooled", password: "pooled-password-1" });
    const token = (login.json?.token as string | undefined) ?? "";
    check(
      checks,
      "register and sign in through PgBouncer (transaction mode)",
      reg.status === 201 && login.status === 200 && !!token,
      `${reg.status}, ${login.status}`,
    );

    const [cat] = await direct<{ id: number }[]>`insert into categories (name) values ('Pooled') returning id`;
    const [tag] = await direct<{ id: number }[]>`insert into tags (name) values ('pooled') returning id`;
    const post = await api(app.url, "/api/posts", token, "POST", {
      title: "Through the pooler",
      content: "x",
      categoryId: cat!.id,
      tagIds: [tag!.id],
      type: "NORMAL",
    });
    const postId = post.json?.id as number | undefined;
    check(checks, "a post through PgBouncer", post.status === 201 && !!postId, `status ${post.status}`);

    // A live-event stream, then a comment: its event comes back through the listener's direct connection.
    streamAbort = new AbortController();
    const res = await fetch(`${app.url}/api/events`, { signal: streamAbort.signal });
    const got: string[] = [];
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    void (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          got.push(decoder.decode(value, { stream: true }));
        }
      } catch {
        /* aborted */
      }
    })();
    await sleep(500);
    const comment = await api(app.url, `/api/posts/${postId}/comments`, token, "POST", { content: "pooled comment" });
    const commentId = comment.json?.id as number | undefined;
    const t0 = Date.now();
    while (Date.now() - t0 < 10_000 && !got.join("").includes(`"commentId":${commentId}`)) await sleep(50);
    check(
      checks,
      "a comment through PgBouncer, and its live event on an open stream",
      comment.status === 201 && got.join("").includes(`"commentId":${commentId}`),
      `status ${comment.status}, event after ${Date.now() - t0} ms`,
    );
    const listeners = await direct<{ n: number }[]>`
      select count(*)::int as n from pg_stat_activity where datname = 'forum' and query ilike 'listen%' and client_port is not null`;
    // PgBouncer's own server connections are the ones named in SHOW SERVERS; a LISTEN among them would
    // be lost when its connection went back to the pool.
    const servers2 = spawnSync(
      "psql",
      ["-h", "127.0.0.1", "-p", String(bouncerPort), "-U", "postgres", "-d", "pgbouncer", "-At", "-c", "show servers"],
      {
        encoding: "utf8",
      },
    );
    const bouncerLocalPorts = servers2.stdout
      .split("\n")
      .map((l) => l.split("|"))
      .filter((c) => c.length > 8)
      .map((c) => Number(c[7]));
    const [listener] = await direct<{ port: number }[]>`
      select client_port as port from pg_stat_activity where datname = 'forum' and query ilike 'listen%' limit 1`;
    check(
      checks,
      "the live-event listener holds a direct connection to the primary (DATABASE_DIRECT_URL), not a pooled one",
      listeners[0]!.n >= 1 && !!listener && !bouncerLocalPorts.includes(listener.port),
      `${listeners[0]!.n} LISTEN backend(s), pooled server ports ${bouncerLocalPorts.join(",") || "none"}`,
    );

    const r0 = performance.now();
    // Should the reads hang, what the primary's backends are doing then (state, what they wait on).
    const watchdog = setTimeout(async () => {
      const bouncer = spawnSync(
        "psql",
        ["-h", "127.0.0.1", "-p", String(bouncerPort), "-U", "postgres", "-d", "pgbouncer", "-At", "-c", "show pools"],
        { encoding: "utf8" },
      );
      process.stderr.write(`[pgbouncer] show pools: ${bouncer.stdout}\n`);
      const act = await direct<{ state: string; wait: string | null; q: string }[]>`
        select state, wait_event_type || ':' || wait_event as wait, left(query, 120) as q from pg_stat_activity where datname = 'forum'`;
      process.stderr.write(
        `[pgbouncer] reads still running after 6 s; the primary's backends:\n${act.map((a) => `  ${a.state} ${a.wait} ${a.q}`).join("\n")}\n`,
      );
    }, 6000);
    const reads = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        // 60 s each: what is checked is that every read answers right through the pooler; on a busy 2-core
        // machine 60 reads at once took 15 s with every database backend idle (CPU, not the pooler).
        api(
          app.url,
          i % 2 ? `/api/posts/${postId}/comments` : `/api/posts?pageSize=20&page=${i % 3}`,
          i % 3 ? token : null,
          "GET",
          undefined,
          60_000,
        ).catch((e: Error) => ({ status: 0, json: null, error: e.name })),
      ),
    );
    clearTimeout(watchdog);
    const hung = reads.flatMap((r, i) => (r.status === 200 ? [] : [`${i % 2 ? "comments" : "posts"}${i % 3 ? "+token" : ""}`]));
    if (hung.length) process.stderr.write(`[pgbouncer] not answered: ${hung.join(" ")}\n`);
    process.stderr.write(`[pgbouncer] 60 concurrent reads answered in ${(performance.now() - r0).toFixed(0)} ms\n`);
    check(
      checks,
      "60 concurrent reads through PgBouncer all answer 200 (no prepared statement lost between server connections)",
      reads.every((r) => r.status === 200),
      `statuses ${[...new Set(reads.map((r) => r.status))].join(",")}`,
    );
    const after = bouncerStats(bouncerPort, "forum");
    check(
      checks,
      "the app's statements went through the pooler (SHOW STATS)",
      after.queries - before.queries >= 60,
      `${after.queries - before.queries} queries, ${after.xacts - before.xacts} transactions pooled`,
    );
  } finally {
    streamAbort?.abort();
    await direct.end({ timeout: 2 }).catch(() => {});
    await Promise.all(servers.splice(0).map((s) => s.stop()));
    cleanupAll();
  }
  finish(checks);
}

/**
 * The driver alone behind the pooler: 60 groups at once, a third of them transactions, the rest a
 * parameterized query pipelined with plain ones (what the app's loaders send). With postgres.js's
 * default pipelining some groups were never answered (a parameterized query is described before it is
 * bound; sent behind another query, the pooler handed its second half to another server connection);
 * with the app's pooled settings (db/index.ts: no prepared statements, max_pipeline 0, and the patch
 * that lets a transaction reserve its connection then) every group answers. Four rounds each.
 */
async function driverThroughPooler(url: string) {
  const group = (sql: postgres.Sql, i: number) =>
    i % 3 === 0
      ? sql.begin(async (tx) => Promise.all([tx`select ${i}::int`, tx`select 2`, tx`select ${i}::text`]))
      : Promise.all([sql`select ${i}::int as a`, sql`select 1`, sql`select pg_sleep(0.001)`, sql`select 4 as d`]);
  const rounds = async (max_pipeline: number) => {
    // max_pipeline is an option of postgres.js that its types do not declare.
    const sql = postgres(url, { max: 10, prepare: false, onnotice: () => {}, ...({ max_pipeline } as object) });
    let answered = 0;
    let failed = 0;
    for (let r = 0; r < 4; r++) {
      const res = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          Promise.race([group(sql, i).then(() => "ok" as const), sleep(8000).then(() => "hung" as const)]).catch(() => "error" as const),
        ),
      );
      answered += res.filter((x) => x === "ok").length;
      failed += res.filter((x) => x !== "ok").length;
    }
    await sql.end({ timeout: 1 }).catch(() => {});
    return { answered, failed };
  };
  const app = await rounds(0);
  const pipelined = await rounds(100);
  process.stderr.write(`[pgbouncer] driver default pipelining: ${pipelined.failed} of 240 groups unanswered (for comparison)\n`);
  check(
    checks,
    "the driver with the app's pooled settings answers every group behind the pooler (4 × 60, a third transactions)",
    app.failed === 0,
    `${app.answered} answered, ${app.failed} not`,
  );
}

main().catch((e) => {
  console.error(e);
  check(checks, "the script ran to the end", false, String(e));
  for (const s of servers) if (s.proc.exitCode === null) s.proc.kill("SIGKILL");
  cleanupAll();
  finish(checks);
});
