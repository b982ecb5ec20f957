// Read replicas against a real streaming standby (issue 59): a primary initdb'd on a free port in
// 4600-4699 and a replica made by pg_basebackup (scripts/reliability/pg-cluster.ts), then db/replicas.ts
// and lib/api/read-from.ts as a server process uses them: where reads go, read-your-writes, a replica
// paused (lagging), stopped and restarted. Runs on the Postgres pass (*.server.test.ts); the same through
// two app processes is scripts/reliability/replica.ts.
import postgres from "postgres";
import { it, expect, vi } from "vitest";
import {
  cleanupAll,
  freePort,
  makePrimary,
  makeReplica,
  scratchDir,
  startCluster,
  stopCluster,
} from "../../scripts/reliability/pg-cluster";
import { elapse } from "../time";

/** Until `cond` holds (polled every 20 ms, `timeout` at most); the ok() after it says whether it did. */
const until = (cond: () => boolean | Promise<boolean>, timeout = 10_000) =>
  vi
    .waitFor(
      async () => {
        if (!(await cond())) throw new Error("not yet");
      },
      { timeout, interval: 20 },
    )
    .catch(() => {});

it("reads go to a healthy, caught-up replica; a member's unreplayed write, a lagging or stopped replica send them to the primary", async () => {
  const out: string[] = [];
  const ok = (name: string, v: boolean, d = "") => {
    out.push(`${v ? "PASS" : "FAIL"} ${name} ${d}`);
    console.log(out.at(-1));
  };
  try {
    const parent = scratchDir("core");
    const pp = await freePort(4600, 4699);
    const rp = await freePort(4600, 4699, [pp]);
    const p = makePrimary(parent, pp);
    const a = postgres(p.url(), { max: 1, onnotice: () => {} });
    await a.unsafe("create database forum");
    await a.end();
    const ps = postgres(p.url("forum"), { max: 1, onnotice: () => {} });
    await ps`create table t (id int)`;
    await ps`insert into t values (1)`;
    const r = makeReplica(p, parent, rp);
    const rs = postgres(r.url("forum"), { max: 1, onnotice: () => {} });
    await (await import("@/db")).closeDb();
    Object.assign(process.env, {
      DATABASE_URL: p.url("forum"),
      DATABASE_REPLICA_URLS: r.url("forum"),
      REPLICA_MAX_LAG_MS: "1000",
      REPLICA_POLL_MS: "100",
    });
    const { sql } = await import("drizzle-orm");
    const { rawRows, db } = await import("@/db");
    const R = await import("@/db/replicas");
    const { readFromFor, rememberWrite } = await import("@/lib/api/read-from");
    await R.startReplicas();
    await until(() => R.replicaStatus()[0]!.healthy);
    const inRec = async () =>
      (
        await rawRows<{ rec: boolean; n: number }>(
          R.readDb("replica"),
          sql`select pg_is_in_recovery() as rec, (select count(*)::int from t) as n`,
        )
      )[0]!;
    ok(
      "healthy replica takes replica reads",
      R.replicaStatus()[0]!.healthy && (await inRec()).rec === true,
      JSON.stringify(R.replicaStatus()[0]),
    );
    ok("primary reads stay on the primary", R.readDb("primary") === db);
    // read-your-writes at the edge
    await ps`insert into t values (2)`;
    const res = await rememberWrite(
      new Request("http://x/api/y", { method: "POST" }),
      { id: 7, username: "m", role: "USER", scopes: [], via: "token" },
      new Response("{}", { status: 201 }),
    );
    const wal = res.headers.get("x-forum-wal")!;
    ok("write answer carries a WAL position", /^[0-9A-F]+\/[0-9A-F]+$/.test(wal), wal);
    // The replica holds row 2 before its replay is paused (else "stale" would be one row staler still:
    // the pause could land before the insert's WAL was replayed, on a busy machine).
    await vi.waitFor(
      async () => expect((await rs<{ ok: boolean }[]>`select pg_last_wal_replay_lsn() >= ${wal}::pg_lsn as ok`)[0]!.ok).toBe(true),
      { timeout: 10_000, interval: 20 },
    );
    await rs`select pg_wal_replay_pause()`;
    await ps`insert into t values (3)`;
    const res2 = await rememberWrite(new Request("http://x/api/y", { method: "POST" }), null, new Response("{}", { status: 201 }));
    const wal2 = res2.headers.get("x-forum-wal")!;
    // A poll has seen the replica fall behind the primary (it counts the lag from then).
    await until(() => R.replicaStatus()[0]!.lagMs > 0);
    ok(
      "a reader whose write is not replayed reads the primary",
      readFromFor(new Headers({ cookie: `forum_wal=${wal2}` }), null) === "primary",
    );
    ok("a reader without a pending write reads the replica", readFromFor(new Headers(), null) === "replica");
    const stale = await inRec();
    ok("paused replica answers stale within the bound", stale.rec && stale.n === 2, JSON.stringify(stale));
    ok("a cache fill goes to the primary while the replica is behind", (await R.fillFrom("replica")) === "primary");
    // Out soon after the lag passes the bound (1 s, polled every 100 ms): a bound kept loosely fails here.
    await until(() => !R.replicaStatus()[0]!.healthy, 2_000);
    const ev = await inRec();
    ok(
      "a replica lagging over REPLICA_MAX_LAG_MS is taken out",
      !R.replicaStatus()[0]!.healthy && ev.rec === false && ev.n === 3,
      JSON.stringify({ ...R.replicaStatus()[0], ev }),
    );
    await rs`select pg_wal_replay_resume()`;
    await until(async () => R.replicaStatus()[0]!.healthy && (await R.fillFrom("replica")) === "replica", 2_000);
    ok(
      "it takes reads again once caught up",
      R.replicaStatus()[0]!.healthy && (await inRec()).rec === true && (await R.fillFrom("replica")) === "replica",
    );
    ok(
      "the writer's position is replayed: back to the replica",
      readFromFor(new Headers({ cookie: `forum_wal=${wal2}` }), null) === "replica",
    );
    stopCluster(r, "fast");
    const t0 = Date.now();
    const fb = await inRec().catch((e) => ({ rec: null, n: -1, e: String(e) }));
    ok(
      "a read on a stopped replica runs again on the primary (no error)",
      fb.rec === false && fb.n === 3,
      JSON.stringify(fb) + ` ${Date.now() - t0} ms`,
    );
    await elapse(300, "polls (every 100 ms) run meanwhile: they must keep the stopped replica out");
    ok("the stopped replica is out", !R.replicaStatus()[0]!.healthy, String(R.replicaStatus()[0]!.error));
    startCluster(r);
    const t1 = Date.now();
    await until(() => R.replicaStatus()[0]!.healthy, 15_000);
    const back = R.replicaStatus()[0]!.healthy;
    ok("restarted replica takes reads again", back && (await inRec()).rec === true, `${Date.now() - t1} ms`);
    await rs.end({ timeout: 1 }).catch(() => {});
    await ps.end();
    await R.closeReplicas();
    await (await import("@/db")).closeDb();
  } catch (e) {
    console.error("ERR", e);
    ok("ran to the end", false);
  } finally {
    cleanupAll();
    console.log(`${out.filter((x) => x.startsWith("PASS")).length} passed, ${out.filter((x) => x.startsWith("FAIL")).length} failed`);
  }
  expect(out.filter((x) => x.startsWith("FAIL"))).toEqual([]);
}, 200_000);
