// npx tsx scripts/reliability/replica.ts
//
// Read replicas with read-your-writes (issue 59, db/replicas.ts, lib/api/read-from.ts), for real: a primary
// initdb'd on a free port in 4600-4699, a streaming replica of it made with pg_basebackup on another, and
// two server processes (server.ts, production build) on primary + replica. It checks:
// - a member's comment is on their next read at once, through the other process (the X-Forum-Wal position
//   sends that member to the primary until the replica has replayed it): own-write wait 0;
// - with the replica's replay paused, a visitor's read is answered by the replica (the comment is not there
//   yet), the member's is not, and the visitor sees it within the lag bound (the lagging replica is taken
//   out); a cached list filled after a write holds that write (filled from the primary, not the replica);
// - reads keep working while the replica is stopped, and the replica takes reads again once restarted;
// - figures: replica lag seen, and /api/posts throughput with reads on the replica vs the primary alone.
// Bounded to 360 s (initdb and pg_basebackup take most of a minute on a busy 2-core machine); every process and folder it made is removed however it ends (pg-cluster.ts).
import postgres from "postgres";
import { check, ensureBuild, finish, seedActors, sleep, startServer, type Check, type Server } from "./lib";
import { cleanupAll, freePort, limitRun, makePrimary, makeReplica, scratchDir, startCluster, stopCluster } from "./pg-cluster";

const checks: Check[] = [];
const servers: Server[] = [];
const MAX_LAG_MS = 3000;
const t0run = performance.now();
/** Progress on stderr: where a long run is (and where it was when a time limit stopped it). */
const step = (what: string) => process.stderr.write(`[replica ${((performance.now() - t0run) / 1000).toFixed(0)} s] ${what}\n`);
const POLL_MS = 100;
const METRICS_TOKEN = "replica-script-metrics-token";

/** The sum of a /metrics family's samples whose labels contain `labels`. */
async function scrape(base: string, name: string, labels = ""): Promise<number> {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  return text
    .split("\n")
    .filter((l) => l.startsWith(`${name}{`) && l.includes(labels))
    .reduce((sum, l) => sum + Number(l.slice(l.lastIndexOf(" ") + 1)), 0);
}

type Answer = { status: number; json: unknown; headers: Headers; ms: number };
async function call(
  base: string,
  p: string,
  opts: { token?: string; wal?: string; method?: string; body?: unknown } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.wal) headers.cookie = `forum_wal=${opts.wal}`;
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  const t0 = performance.now();
  const r = await fetch(base + p, {
    method: opts.method ?? "GET",
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await r.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: r.status, json, headers: r.headers, ms: performance.now() - t0 };
}

const commentIds = (a: Answer): number[] =>
  Array.isArray(a.json) ? (a.json as { id: number; replies?: unknown[] }[]).map((c) => c.id) : [];
const postIds = (a: Answer): number[] => (Array.isArray(a.json) ? (a.json as { id: number }[]).map((p) => p.id) : []);
const median = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]! : NaN);

async function main() {
  limitRun(360_000, () => {
    for (const s of servers) if (s.proc.exitCode === null) s.proc.kill("SIGKILL");
  });
  ensureBuild();
  const parent = scratchDir("replica");
  const primaryPort = await freePort(4600, 4699);
  const replicaPort = await freePort(4600, 4699, [primaryPort]);
  const primary = makePrimary(parent, primaryPort);
  const admin = postgres(primary.url(), { max: 1, onnotice: () => {} });
  await admin.unsafe("create database forum");
  await admin.end();
  const replica = makeReplica(primary, parent, replicaPort);
  const p = postgres(primary.url("forum"), { max: 2, onnotice: () => {} });
  const r = postgres(replica.url("forum"), { max: 2, onnotice: () => {}, connect_timeout: 2 });
  try {
    const [rep] = await p<{ state: string }[]>`select state from pg_stat_replication`;
    check(checks, "setup: the replica streams from the primary (pg_basebackup -R)", rep?.state === "streaming", `state ${rep?.state}`);

    const env = {
      DATABASE_URL: primary.url("forum"),
      DATABASE_REPLICA_URLS: replica.url("forum"),
      REPLICA_MAX_LAG_MS: String(MAX_LAG_MS),
      REPLICA_POLL_MS: String(POLL_MS),
      TEST_RATE_LIMITS: "comments=10000/60,posts=10000/60",
      DATABASE_POOL_SIZE: "8",
      METRICS_TOKEN: METRICS_TOKEN,
    };
    const appPorts = [await freePort(4600, 4699, [primaryPort, replicaPort])];
    appPorts.push(await freePort(4600, 4699, [primaryPort, replicaPort, ...appPorts]));
    // A migrates the database first; B starts on a migrated one.
    step("starting server A (it migrates the database)");
    const a = await startServer(appPorts[0]!, env);
    servers.push(a);
    step("starting server B");
    const b = await startServer(appPorts[1]!, env);
    servers.push(b);
    step("seeding two members");
    const actors = await seedActors(p, 2);
    const member = actors.tokens[0]!;
    const post = await call(a.url, "/api/posts", {
      token: member,
      method: "POST",
      body: { title: "Replicated", content: "x", categoryId: actors.categoryId, tagIds: [actors.tagIds[0]], type: "NORMAL" },
    });
    const postId = (post.json as { id?: number } | null)?.id;
    const wal0 = post.headers.get("x-forum-wal");
    check(
      checks,
      "a member's write answers with the primary's WAL position (X-Forum-Wal and the forum_wal cookie)",
      post.status === 201 &&
        !!wal0 &&
        /^[0-9A-F]+\/[0-9A-F]+$/.test(wal0) &&
        (post.headers.get("set-cookie") ?? "").includes(`forum_wal=${wal0}`),
      `status ${post.status}, ${wal0}`,
    );
    const comments = `/api/posts/${postId}/comments?pageSize=100`;

    step("1. own writes");

    // 1. Own writes, 20 times: comment through A, read at once through B with the position.
    const ownWaits: number[] = [];
    const visitorAtOnce: boolean[] = [];
    const visitorWaits: number[] = [];
    const lags: number[] = [];
    for (let i = 0; i < 20; i++) {
      const c = await call(a.url, `/api/posts/${postId}/comments`, { token: member, method: "POST", body: { content: `own write ${i}` } });
      const id = (c.json as { id?: number } | null)?.id ?? -1;
      const wal = c.headers.get("x-forum-wal") ?? "";
      const t0 = performance.now();
      const [own, visitor] = await Promise.all([call(b.url, comments, { token: member, wal }), call(b.url, comments)]);
      visitorAtOnce.push(commentIds(visitor).includes(id));
      let seen = commentIds(own).includes(id);
      while (!seen && performance.now() - t0 < 5000) seen = commentIds(await call(b.url, comments, { token: member, wal })).includes(id);
      ownWaits.push(commentIds(own).includes(id) ? 0 : performance.now() - t0);
      let vis = visitorAtOnce.at(-1)!;
      while (!vis && performance.now() - t0 < 10_000) vis = commentIds(await call(b.url, comments)).includes(id);
      visitorWaits.push(performance.now() - t0);
      // The replica's own lag for this write: until pg_last_wal_replay_lsn() passes the write's position.
      const l0 = performance.now();
      for (;;) {
        const [row] = await r<{ ok: boolean }[]>`select pg_last_wal_replay_lsn() >= ${wal}::pg_lsn as ok`;
        if (row?.ok || performance.now() - l0 > 5000) break;
        await sleep(2);
      }
      lags.push(performance.now() - l0);
    }
    check(
      checks,
      "a member's comment is on their next read at once, through the other process (20 of 20, own-write wait 0)",
      ownWaits.every((w) => w === 0),
      `own-write waits (ms): ${ownWaits.map((w) => Math.round(w)).join(" ")}`,
    );
    console.log(
      `[replica] visitors saw the comment on their first read ${visitorAtOnce.filter(Boolean).length}/20 times; ` +
        `visitor wait median ${Math.round(median(visitorWaits))} ms, max ${Math.round(Math.max(...visitorWaits))} ms; ` +
        `replica replay after the write's answer: median ${median(lags).toFixed(1)} ms, max ${Math.max(...lags).toFixed(1)} ms`,
    );

    const replicaLabel = `replica="127.0.0.1:${replicaPort}"`;
    const [replicaTimed, replicaReads, healthy] = [
      await scrape(b.url, "forum_db_query_duration_seconds_count", 'target="replica"'),
      await scrape(b.url, "forum_db_replica_reads_total", replicaLabel),
      await scrape(b.url, "forum_db_replica_healthy", replicaLabel),
    ];
    check(
      checks,
      '/metrics times the statements the replica answered (target="replica") and shows it healthy, with its reads counted',
      replicaTimed > 0 && replicaReads > 0 && healthy === 1,
      `replica statements timed ${replicaTimed}, reads ${replicaReads}, healthy ${healthy}`,
    );

    step("2. a lagging replica");

    // 2. A lagging replica: replay paused, so every write after this is missing on it.
    await r`select pg_wal_replay_pause()`;
    const newPost = await call(a.url, "/api/posts", {
      token: member,
      method: "POST",
      body: { title: "While the replica lags", content: "x", categoryId: actors.categoryId, tagIds: [actors.tagIds[1]], type: "NORMAL" },
    });
    const paused = await call(a.url, `/api/posts/${postId}/comments`, { token: member, method: "POST", body: { content: "while paused" } });
    const pausedAt = performance.now();
    const pausedId = (paused.json as { id?: number } | null)?.id ?? -1;
    const newPostId = (newPost.json as { id?: number } | null)?.id ?? -1;
    const pwal = paused.headers.get("x-forum-wal") ?? "";
    const [visitorStale, ownFresh, list1, list2] = [
      await call(b.url, comments),
      await call(b.url, comments, { token: member, wal: pwal }),
      await call(b.url, "/api/posts?pageSize=50"),
      await call(b.url, "/api/posts?pageSize=50"),
    ];
    const within = performance.now() - pausedAt < MAX_LAG_MS;
    check(
      checks,
      "with the replica's replay paused, a visitor's read is answered by the replica (the new comment is not there yet)",
      within && visitorStale.status === 200 && !commentIds(visitorStale).includes(pausedId) && commentIds(visitorStale).length > 0,
      `${commentIds(visitorStale).length} comments read, the new one ${commentIds(visitorStale).includes(pausedId) ? "present" : "absent"}`,
    );
    check(
      checks,
      "…and the member who wrote it reads it at once (from the primary)",
      ownFresh.status === 200 && commentIds(ownFresh).includes(pausedId),
    );
    check(
      checks,
      "…and the visitors' cached post list filled after the write holds it (a fill never reads a replica behind its version), twice",
      list1.status === 200 &&
        postIds(list1).includes(newPostId) &&
        postIds(list2).includes(newPostId) &&
        list2.headers.get("x-cache") === "hit",
      `first ${list1.headers.get("x-cache")}, then ${list2.headers.get("x-cache")}`,
    );
    let visitorSaw = false;
    while (!visitorSaw && performance.now() - pausedAt < MAX_LAG_MS + 3000) {
      visitorSaw = commentIds(await call(b.url, comments)).includes(pausedId);
      if (!visitorSaw) await sleep(50);
    }
    const visitorDelay = performance.now() - pausedAt;
    check(
      checks,
      `a visitor sees it within the lag bound: the lagging replica is taken out (REPLICA_MAX_LAG_MS=${MAX_LAG_MS})`,
      visitorSaw && visitorDelay <= MAX_LAG_MS + 4 * POLL_MS + 1000,
      `after ${Math.round(visitorDelay)} ms`,
    );
    await r`select pg_wal_replay_resume()`;

    step("3. the replica stops");

    // 3. The replica stops: reads go on (a read that fails there runs again on the primary).
    stopCluster(replica, "fast");
    const during: number[] = [];
    const afterStop = await call(a.url, `/api/posts/${postId}/comments`, {
      token: member,
      method: "POST",
      body: { content: "replica down" },
    });
    const downId = (afterStop.json as { id?: number } | null)?.id ?? -1;
    let sawDown = 0;
    for (let i = 0; i < 20; i++) {
      const [x, y] = await Promise.all([call(a.url, comments), call(b.url, "/api/posts?pageSize=20&page=1")]);
      during.push(x.status, y.status);
      if (commentIds(x).includes(downId)) sawDown++;
    }
    check(
      checks,
      "reads keep working while the replica is stopped (40 of 40 answered 200, and show a write made meanwhile)",
      during.every((s) => s === 200) && sawDown === 20,
      `statuses ${[...new Set(during)].join(",")}, new comment seen ${sawDown}/20`,
    );

    const [downHealthy, fallbacks] = [
      await scrape(a.url, "forum_db_replica_healthy", replicaLabel),
      await scrape(a.url, "forum_db_replica_fallbacks_total", replicaLabel),
    ];
    check(
      checks,
      "…and /metrics shows the stopped replica out of the reads (healthy 0)",
      downHealthy === 0,
      `healthy ${downHealthy}, reads run again on the primary ${fallbacks}`,
    );

    step("4. the replica comes back");

    // 4. It comes back: within seconds, a visitor's read is answered by it again (replay paused to tell).
    startCluster(replica);
    const restartedAt = performance.now();
    let back = false;
    let tries = 0;
    while (!back && performance.now() - restartedAt < 30_000) {
      tries++;
      await sleep(300);
      const ok = await r`select pg_wal_replay_pause()`.then(
        () => true,
        () => false,
      );
      if (!ok) continue;
      const c = await call(a.url, `/api/posts/${postId}/comments`, { token: member, method: "POST", body: { content: `back ${tries}` } });
      const id = (c.json as { id?: number } | null)?.id ?? -1;
      const [va, vb] = await Promise.all([call(a.url, comments), call(b.url, comments)]);
      back = !commentIds(va).includes(id) && !commentIds(vb).includes(id) && va.status === 200 && vb.status === 200;
      await r`select pg_wal_replay_resume()`;
    }
    check(
      checks,
      "the replica takes reads again once restarted (both processes)",
      back,
      `after ${Math.round(performance.now() - restartedAt)} ms, ${tries} tries`,
    );
    for (const s of servers.splice(0)) await s.stop();

    step("5. throughput");

    // 5. Throughput of /api/posts with the read caches off (every request reads the list): two processes
    // with reads on the replica, then two on the primary alone, the same bench for each, twice in turn.
    const [author] = await p<{ id: number }[]>`select id from users order by id limit 1`;
    await p`insert into posts (title, content, author_id, category_id) select 'Bench ' || i, 'x', ${author!.id}, ${actors.categoryId} from generate_series(1, 3000) i`;
    const taken = [primaryPort, replicaPort];
    const ports: number[] = [];
    for (let i = 0; i < 4; i++) ports.push(await freePort(4600, 4699, [...taken, ...ports]));
    const benchEnv = { ...env, LIST_CACHE: "0", DATABASE_POOL_SIZE: "10" };
    const started = await Promise.all([
      startServer(ports[0]!, benchEnv),
      startServer(ports[1]!, benchEnv),
      startServer(ports[2]!, { ...benchEnv, DATABASE_REPLICA_URLS: "" }),
      startServer(ports[3]!, { ...benchEnv, DATABASE_REPLICA_URLS: "" }),
    ]);
    servers.push(...started);
    const bench = async (urls: string[], ms: number) => {
      let done = 0;
      let failed = 0;
      const end = performance.now() + ms;
      await Promise.all(
        Array.from({ length: 16 }, async (_, w) => {
          while (performance.now() < end) {
            const x = await call(urls[w % urls.length]!, `/api/posts?pageSize=20&page=${w % 5}`).catch(() => null);
            if (x?.status === 200) done++;
            else failed++;
          }
        }),
      );
      return { rps: done / (ms / 1000), failed };
    };
    const onReplica = [started[0]!.url, started[1]!.url];
    const onPrimary = [started[2]!.url, started[3]!.url];
    await bench([...onReplica, ...onPrimary], 1500); // warm-up
    const statsBefore = await r<{ n: string }[]>`select xact_commit::text as n from pg_stat_database where datname = 'forum'`.catch(
      () => [],
    );
    const rounds: { replica: number; primary: number; failed: number }[] = [];
    for (let i = 0; i < 2; i++) {
      const x = await bench(onReplica, 5000);
      const y = await bench(onPrimary, 5000);
      rounds.push({ replica: x.rps, primary: y.rps, failed: x.failed + y.failed });
    }
    const rep1 = rounds.reduce((s, x) => s + x.replica, 0) / rounds.length;
    const pri1 = rounds.reduce((s, x) => s + x.primary, 0) / rounds.length;
    console.log(
      `[replica] GET /api/posts (list caches off, 16 connections over two processes, 3,000 posts): reads on the replica ${rep1.toFixed(0)} req/s, ` +
        `on the primary alone ${pri1.toFixed(0)} req/s (rounds: ${rounds.map((x) => `${x.replica.toFixed(0)}/${x.primary.toFixed(0)}`).join(", ")}); ` +
        `replica transactions before the bench ${statsBefore[0]?.n ?? "?"}`,
    );
    check(
      checks,
      "the throughput bench ran without a failed request",
      rounds.every((x) => x.failed === 0),
      JSON.stringify(rounds),
    );
  } finally {
    await p.end({ timeout: 2 }).catch(() => {});
    await r.end({ timeout: 2 }).catch(() => {});
    await Promise.all(servers.splice(0).map((s) => s.stop()));
    cleanupAll();
  }
  finish(checks);
}

main().catch((e) => {
  console.error(e);
  check(checks, "the script ran to the end", false, String(e));
  for (const s of servers) if (s.proc.exitCode === null) s.proc.kill("SIGKILL");
  cleanupAll();
  finish(checks);
});
