/**
 * Dumping a database, outside the forum's thread: the embedded database (PGlite) through pg_dump
 * compiled for PGlite in a child process, on a copy of the data folder; a Postgres server through its
 * own pg_dump, on a snapshot exported from a repeatable-read transaction in which the checksums are
 * taken too, so dump and checksums describe the same moment.
 */
import { spawn, fork } from "node:child_process";
import { constants } from "node:fs";
import { createReadStream, createWriteStream } from "node:fs";
import { access, writeFile } from "node:fs/promises";
import { createInterface } from "node:readline";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import { copyDataFolder } from "@/lib/backup/snapshot-copy";
import { BackupError, type TableSum, type UploadEntry } from "@/lib/backup/format";
import { collectSums, SESSION_SETTINGS } from "@/lib/backup/sums.mjs";
import { env } from "@/lib/env";

export type DbSource = { kind: "pglite"; pglite: PGlite } | { kind: "postgres"; url: string };

export type Progress = { stage: string; done?: number; total?: number };
export type OnProgress = (p: Progress) => void;

export type Sums = {
  tables: TableSum[];
  uploads: UploadEntry[];
  migrations: { count: number; lastCreatedAt: number | null };
  serverVersion: string;
};

export type Dumped = { sums: Sums; dumpedBy: string };

/** Same shape from either dumper: rows as INSERTs in batches, no owners or grants (loads into any server). */
const DUMP_ARGS = ["--no-owner", "--no-privileges", "--rows-per-insert=500"];

/** pg_dump of the Postgres server: PG_DUMP, the Debian cluster's binaries (newest first), or PATH. */
export async function findPgDump(): Promise<string> {
  const tried: string[] = [];
  // PG_DUMP, when set, is the one program to use (a wrong path is an error, not a search).
  const pgDump = env().PG_DUMP;
  const candidates = pgDump
    ? [pgDump]
    : [
        ...["18", "17", "16", "15"].map((v) => `/usr/lib/postgresql/${v}/bin/pg_dump`),
        ...(process.env.PATH ?? "").split(path.delimiter).map((d) => d && path.join(d, "pg_dump")),
      ].filter((c): c is string => !!c);
  for (const c of candidates) {
    tried.push(c);
    try {
      await access(c, constants.X_OK);
      return c;
    } catch {
      // next
    }
  }
  throw new BackupError(
    "missing_program",
    `pg_dump was not found (looked for ${[...new Set(tried)].slice(0, 6).join(", ")}…). A backup of a Postgres server needs the server's own pg_dump: ` +
      `install the package postgresql-client-15 (or the client matching your server, e.g. apt-get install postgresql-client-15), or set PG_DUMP to its path.`,
  );
}

/**
 * The dumping process runs at a lower scheduling priority (nice 10): on a machine with few cores it takes
 * what the forum leaves, instead of half of it (measured: bench/backup.ts). Where that is not allowed, as is.
 */
function yieldCpu(pid: number | undefined) {
  try {
    if (pid) os.setPriority(pid, 10);
  } catch {
    // not permitted here: the dump keeps the normal priority
  }
}

/** The child process that dumps a copy of the embedded database (plain JavaScript, started by Node). */
function childPath(): string {
  return path.join(/*turbopackIgnore: true*/ process.cwd(), "lib", "backup", "pglite-child.mjs");
}

async function dumpPglite(pglite: PGlite, out: string, tmp: string, onProgress: OnProgress): Promise<Dumped> {
  onProgress({ stage: "snapshot" });
  // A data folder on disk is copied while the forum runs, then only what changed is copied again between
  // two statements (lib/backup/snapshot-copy.ts): a consistent state, as after a crash, that the copy's
  // start-up recovers, for a short hold of the database. One in memory goes through dumpDataDir.
  await pglite.query("select 1");
  const dir = pglite.dataDir;
  let job: { snapshot?: string; snapshotDir?: string };
  if (dir && !dir.includes("://")) {
    const copy = path.join(tmp, "pgdata");
    await copyDataFolder(dir, copy, (fn) => pglite._runExclusiveQuery(fn));
    job = { snapshotDir: copy };
  } else {
    const snapshot = path.join(tmp, "snapshot.tar");
    const blob = await pglite.dumpDataDir("none");
    await writeFile(snapshot, Buffer.from(await blob.arrayBuffer()));
    job = { snapshot };
  }
  return new Promise<Dumped>((resolve, reject) => {
    const child = fork(childPath(), [], { execArgv: [], stdio: ["ignore", "ignore", "pipe", "ipc"] });
    yieldCpu(child.pid);
    let stderr = "";
    child.stderr?.on("data", (d) => (stderr = (stderr + d).slice(-4000)));
    let settled = false;
    child.on("message", (m: { progress?: string; done?: boolean; sums?: Sums; dumpedBy?: string; error?: string }) => {
      if (m.progress) onProgress({ stage: m.progress });
      else if (m.done && m.sums) {
        settled = true;
        resolve({ sums: m.sums, dumpedBy: m.dumpedBy ?? "pg_dump (PGlite)" });
      } else if (m.error) {
        settled = true;
        reject(new Error(`The embedded database's dump failed: ${m.error}`));
      }
    });
    child.on("error", (e) => !settled && ((settled = true), reject(e)));
    child.on("exit", (code) => {
      if (!settled) {
        settled = true;
        reject(new Error(`The embedded database's dump stopped (exit ${code}): ${stderr.trim()}`));
      }
    });
    child.send({ ...job, out, args: DUMP_ARGS });
  });
}

function runPgDump(program: string, url: string, snapshotId: string, out: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, [...DUMP_ARGS, `--snapshot=${snapshotId}`, "--file", out, "--dbname", url], {
      stdio: ["ignore", "ignore", "pipe"],
      env: { ...process.env, PGCONNECT_TIMEOUT: "10" },
    });
    yieldCpu(child.pid);
    let stderr = "";
    child.stderr.on("data", (d) => (stderr = (stderr + d).slice(-4000)));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(stderr) : reject(new Error(`pg_dump failed (exit ${code}): ${stderr.trim()}`))));
  });
}

async function dumpPostgres(url: string, out: string, onProgress: OnProgress): Promise<Dumped> {
  const program = await findPgDump();
  const sql = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  try {
    let dumpedBy = program;
    const sums = await sql.begin("isolation level repeatable read read only", async (tx) => {
      for (const s of SESSION_SETTINGS.split(";")) await tx.unsafe(s);
      const [{ id }] = (await tx`select pg_export_snapshot() as id`) as unknown as [{ id: string }];
      onProgress({ stage: "dump" });
      const dumping = runPgDump(program, url, id, `${out}.raw`);
      dumping.catch(() => {});
      onProgress({ stage: "checksums" });
      const result = await collectSums(async (text) => (await tx.unsafe(text)) as unknown as Record<string, unknown>[]);
      await dumping;
      return result;
    });
    const version = await new Promise<string>((resolve) => {
      const p = spawn(program, ["--version"], { stdio: ["ignore", "pipe", "ignore"] });
      let o = "";
      p.stdout.on("data", (d) => (o += d));
      p.on("exit", () => resolve(o.trim()));
      p.on("error", () => resolve(""));
    });
    if (version) dumpedBy = version;
    await portableDumpFile(`${out}.raw`, out);
    return { sums: sums as Sums, dumpedBy };
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** The server's dump, line by line, without what an older or embedded server refuses (sums.mjs portableDump). */
async function portableDumpFile(input: string, output: string): Promise<void> {
  const out = createWriteStream(output);
  const lines = createInterface({ input: createReadStream(input), crlfDelay: Infinity });
  for await (const line of lines) {
    if (/^\\(?:un)?restrict\b/.test(line) || line === "SET transaction_timeout = 0;") continue;
    if (!out.write(line + "\n")) await new Promise<void>((r) => out.once("drain", () => r()));
  }
  await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
}

/** Dumps `source` into the file `out` (plain SQL) and returns what the manifest records about it. */
export function dumpDatabase(source: DbSource, out: string, tmp: string, onProgress: OnProgress): Promise<Dumped> {
  return source.kind === "pglite" ? dumpPglite(source.pglite, out, tmp, onProgress) : dumpPostgres(source.url, out, onProgress);
}
