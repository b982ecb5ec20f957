// npm run backup [-- --out DIR]: one file with the whole forum (database, uploads, manifest), written to
// DIR (default BACKUP_DIR, else $DATA_DIR/backups). On a Postgres server (DATABASE_URL) it runs the
// server's pg_dump; on the embedded database it opens the data folder itself when the forum is stopped,
// and asks the running forum to make the backup when it runs (only one process may open the folder).
// docs/backups.md.
import path from "node:path";
import { closeDb, connection, dataDir } from "@/db";
import { createBackup } from "@/lib/backup/create";
import { BackupError } from "@/lib/backup/format";
import { findPgDump, type DbSource } from "@/lib/backup/source";
import { localFolderTarget } from "@/lib/backup/target";
import { runningForum } from "@/lib/services/backups/control";
import { flag, progressPrinter } from "./backup-progress";

const args = process.argv.slice(2);
const out = path.resolve(flag(args, "out") ?? process.env.BACKUP_DIR ?? path.join(dataDir(), "backups"));
const bar = progressPrinter("backup");

function done(name: string, bytes: number, rows: number, uploads: number, how: string) {
  bar.end();
  console.log(`[backup] ${path.join(out, name)}: ${(bytes / 1024 / 1024).toFixed(1)} MB, ${rows} rows, ${uploads} uploads (${how})`);
}

async function viaRunningForum(c: { port: number; token: string }): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${c.port}/api/admin/backups/command`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forum-backup-token": c.token },
    body: JSON.stringify({ out }),
  });
  if (!res.ok || !res.body) throw new Error(`the running forum (port ${c.port}) refused: HTTP ${res.status} ${await res.text()}`);
  let buf = "";
  const dec = new TextDecoder();
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    buf += dec.decode(chunk, { stream: true });
    let nl: number;
    while ((nl = buf.indexOf("\n")) >= 0) {
      const m = JSON.parse(buf.slice(0, nl)) as {
        stage?: string;
        done?: unknown;
        total?: number;
        name?: string;
        bytes?: number;
        rows?: number;
        uploads?: number;
        error?: string;
      };
      buf = buf.slice(nl + 1);
      if (m.error) throw new Error(m.error);
      if (m.name)
        return done(m.name, m.bytes ?? 0, m.rows ?? 0, m.uploads ?? 0, `made by the running forum, pid ${(c as { pid?: number }).pid}`);
      if (m.stage) bar.update({ stage: m.stage, done: typeof m.done === "number" ? m.done : undefined, total: m.total });
    }
  }
  throw new Error("the running forum stopped answering before the backup was finished");
}

async function main() {
  if (process.env.DATABASE_URL) {
    await findPgDump(); // a clear error naming the program before any work
    const source: DbSource = { kind: "postgres", url: process.env.DATABASE_URL };
    const made = await createBackup({ source, target: localFolderTarget(out), onProgress: bar.update });
    return done(made.name, made.bytes, made.rows, made.uploads, "Postgres server, pg_dump");
  }
  const running = await runningForum();
  if (running) return viaRunningForum(running);
  const c = connection();
  const made = await createBackup({
    source: { kind: "pglite", pglite: c.pglite! },
    target: localFolderTarget(out),
    onProgress: bar.update,
  });
  done(made.name, made.bytes, made.rows, made.uploads, "embedded database");
}

main()
  .then(() => closeDb())
  .catch(async (err) => {
    bar.end();
    console.error(`[backup] failed: ${err instanceof BackupError || err instanceof Error ? err.message : String(err)}`);
    await closeDb().catch(() => {});
    process.exit(1);
  });
