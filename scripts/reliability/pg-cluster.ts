// Throw-away Postgres clusters for the reliability scripts that need more than the local server offers
// (streaming replication, a pooler in front): initdb'd with `-A trust` into a folder of their own, on a
// free loopback port, run as the `postgres` OS user (initdb refuses root). Everything started here is
// registered and stopped again, folders removed, on every way out of the script: normal end, a thrown
// error, SIGINT/SIGTERM, or the time limit (`limitRun`).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdirSync, rmSync, writeFileSync, appendFileSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";

const BIN = process.env.PG_BIN || "/usr/lib/postgresql/15/bin";
const asRoot = typeof process.getuid === "function" && process.getuid() === 0;

/** A command as the postgres OS user (runuser when we are root, else as ourselves). */
function pgRun(cmd: string, args: string[], timeoutMs = 60_000) {
  const full = asRoot ? ["runuser", ["-u", "postgres", "--", path.join(BIN, cmd), ...args]] : [path.join(BIN, cmd), args];
  const r = spawnSync(full[0] as string, full[1] as string[], { encoding: "utf8", timeout: timeoutMs });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed (${r.status ?? r.signal}): ${r.stderr || r.stdout}`);
  return r.stdout;
}

export type Cluster = { dir: string; port: number; url: (db?: string) => string; running: boolean };

const clusters: Cluster[] = [];
const folders: string[] = [];
const children: ChildProcess[] = [];

/** A folder under the system's temp dir that the postgres user may write. */
export function scratchDir(name: string): string {
  const dir = path.join(os.tmpdir(), `forum-rel-${name}-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o755);
  if (asRoot) {
    const ids = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
    const gid = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
    chownSync(dir, Number(ids.stdout.trim()), Number(gid.stdout.trim()));
  }
  folders.push(dir);
  return dir;
}

/** A port in [from, to] that nothing listens on now. */
export async function freePort(from: number, to: number, taken: number[] = []): Promise<number> {
  for (let p = from; p <= to; p++) {
    if (taken.includes(p)) continue;
    const ok = await new Promise<boolean>((resolve) => {
      const s = createServer();
      s.once("error", () => resolve(false));
      s.listen(p, "127.0.0.1", () => s.close(() => resolve(true)));
    });
    if (ok) return p;
  }
  throw new Error(`no free port in ${from}-${to}`);
}

const cluster = (dir: string, port: number): Cluster => ({
  dir,
  port,
  url: (db = "postgres") => `postgres://postgres@127.0.0.1:${port}/${db}`,
  running: false,
});

export function startCluster(c: Cluster): void {
  pgRun("pg_ctl", ["-D", c.dir, "-l", path.join(c.dir, "server.log"), "-w", "-t", "30", "start"]);
  c.running = true;
}

export function stopCluster(c: Cluster, mode: "fast" | "immediate" = "fast"): void {
  if (!c.running) return;
  pgRun("pg_ctl", ["-D", c.dir, "-m", mode, "-w", "-t", "30", "stop"]);
  c.running = false;
}

/** A new primary on `port`: trust authentication on loopback (replication included), no fsync (a test). */
export function makePrimary(parent: string, port: number): Cluster {
  const dir = path.join(parent, "primary");
  pgRun("initdb", ["-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync", "-D", dir]);
  appendFileSync(
    path.join(dir, "postgresql.conf"),
    [
      `port = ${port}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${dir}'`,
      "fsync = off",
      "synchronous_commit = off",
      "full_page_writes = off",
      "wal_level = replica",
      "max_wal_senders = 5",
      "max_connections = 200",
      "shared_buffers = 64MB",
      "",
    ].join("\n"),
  );
  const c = cluster(dir, port);
  clusters.push(c);
  startCluster(c);
  return c;
}

/** A streaming replica of `primary` on `port` (pg_basebackup -R: standby.signal and primary_conninfo). */
export function makeReplica(primary: Cluster, parent: string, port: number): Cluster {
  const dir = path.join(parent, "replica");
  pgRun("pg_basebackup", ["-h", "127.0.0.1", "-p", String(primary.port), "-U", "postgres", "-D", dir, "-R", "-X", "stream"], 120_000);
  appendFileSync(
    path.join(dir, "postgresql.conf"),
    [`port = ${port}`, `unix_socket_directories = '${dir}'`, "hot_standby = on", ""].join("\n"),
  );
  const c = cluster(dir, port);
  clusters.push(c);
  startCluster(c);
  return c;
}

/** A long-running helper process (pgbouncer…) stopped with the rest. */
export function track(proc: ChildProcess): ChildProcess {
  children.push(proc);
  return proc;
}

/** PgBouncer (Debian's /usr/sbin/pgbouncer) in front of `primary` on `port`, transaction pooling. */
export function startPgbouncer(primary: Cluster, parent: string, port: number, db: string): { ini: string; proc: ChildProcess } {
  const dir = path.join(parent, "pgbouncer");
  mkdirSync(dir, { recursive: true });
  const ini = [
    "[databases]",
    `${db} = host=127.0.0.1 port=${primary.port} dbname=${db}`,
    "",
    "[pgbouncer]",
    "listen_addr = 127.0.0.1",
    `listen_port = ${port}`,
    `unix_socket_dir = ${dir}`,
    "auth_type = trust",
    `auth_file = ${path.join(dir, "userlist.txt")}`,
    "pool_mode = transaction",
    "max_client_conn = 500",
    "default_pool_size = 20",
    // The app sends these when it connects directly; behind a pooler (DATABASE_POOLER=transaction) it
    // does not, and they are set on the role instead (docs/scaling.md). Listed so older clients connect.
    "ignore_startup_parameters = extra_float_digits,jit,max_parallel_workers_per_gather",
    "server_reset_query =",
    "admin_users = postgres",
    `logfile = ${path.join(dir, "pgbouncer.log")}`,
    "",
  ].join("\n");
  writeFileSync(path.join(dir, "pgbouncer.ini"), ini);
  writeFileSync(path.join(dir, "userlist.txt"), `"postgres" ""\n`);
  if (asRoot) spawnSync("chown", ["-R", "postgres:postgres", dir]);
  const bin = existsSync("/usr/sbin/pgbouncer") ? "/usr/sbin/pgbouncer" : "pgbouncer";
  // `-u postgres` (PgBouncer refuses to run as root) rather than runuser: the process we hold is PgBouncer
  // itself, so stopping it stops it. Its log is in the logfile.
  const proc = track(spawn(bin, [...(asRoot ? ["-u", "postgres"] : []), path.join(dir, "pgbouncer.ini")], { stdio: "ignore" }));
  return { ini, proc };
}

let cleaned = false;
/** Stops every cluster and helper process started here and removes the folders (safe to call twice). */
export function cleanupAll(): void {
  if (cleaned) return;
  cleaned = true;
  for (const p of children) if (p.exitCode === null) p.kill("SIGKILL");
  for (const c of clusters.reverse()) {
    try {
      stopCluster(c, "immediate");
    } catch {
      /* already down */
    }
  }
  for (const d of folders) rmSync(d, { recursive: true, force: true });
}

/**
 * Gives the script `ms` to run: then it fails, cleans up and exits 1. Also cleans up on SIGINT/SIGTERM and
 * at any exit. `stopServers` ends the app processes first (they hold connections to the clusters).
 */
export function limitRun(ms: number, stopServers: () => void): void {
  const bail = (why: string) => {
    console.log(`FAIL  ${why}`);
    try {
      stopServers();
    } finally {
      cleanupAll();
      process.exit(1);
    }
  };
  setTimeout(() => bail(`the script ran out of its ${ms / 1000} s`), ms).unref();
  process.once("SIGINT", () => bail("interrupted"));
  process.once("SIGTERM", () => bail("terminated"));
  process.once("exit", () => {
    try {
      stopServers();
    } finally {
      cleanupAll();
    }
  });
}
