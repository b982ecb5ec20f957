// npm run restore -- FILE|s3://bucket/backups/NAME [--force]: puts a backup (npm run backup, /admin/backups) into the database of
// DATABASE_URL, or into the embedded database under DATA_DIR (stop the forum first). The whole file is
// checked before anything is written; a database with data is refused unless --force. docs/backups.md.
import { createReadStream, existsSync, statSync } from "node:fs";
import path from "node:path";
import { closeDb, connection } from "@/db";
import { BackupError } from "@/lib/backup/format";
import { restoreBackup, type RestoreTarget } from "@/lib/backup/restore";
import { backupOpener, isStoreSpec } from "@/lib/backup/s3-target";
import { runningForum } from "@/lib/services/backups/control";
import { progressPrinter } from "./backup-progress";

const args = process.argv.slice(2);
const force = args.includes("--force");
const file = args.find((a) => !a.startsWith("--"));
const bar = progressPrinter("restore");

async function main() {
  if (!file) throw new Error("usage: npm run restore -- FILE [--force]");
  // A local file, or s3://<bucket>/backups/<name> in the configured bucket (docs/storage.md).
  const full = isStoreSpec(file) ? file : path.resolve(file);
  if (!isStoreSpec(full) && (!existsSync(full) || !statSync(full).isFile())) throw new Error(`no such file: ${full}`);
  const open = await backupOpener(full, (f) => createReadStream(f));
  let target: RestoreTarget;
  if (process.env.DATABASE_URL) target = { kind: "postgres", url: process.env.DATABASE_URL };
  else {
    const running = await runningForum();
    if (running)
      throw new BackupError(
        "target_in_use",
        `The forum is running on this data folder (pid ${running.pid}): stop it, then restore (one process may open the embedded database).`,
      );
    target = { kind: "pglite", pglite: connection().pglite! };
  }
  const t0 = Date.now();
  const report = await restoreBackup({ open, target, force, onProgress: bar.update });
  bar.end();
  const rows = report.tables.reduce((a, t) => a + t.actual, 0);
  console.log(
    `[restore] ${path.basename(full)} (made ${report.manifest.createdAt} by forum ${report.manifest.appVersion} on ${report.manifest.source.kind}) -> ${target.kind === "postgres" ? "Postgres server" : "embedded database"}: ` +
      `${report.tables.length} tables, ${rows} rows, every count and checksum equal; ${report.uploads} uploads written and read back; ` +
      `${report.migrationsApplied} newer migration(s) applied${report.replaced ? "; the data that was there before is gone (--force)" : ""} (${((Date.now() - t0) / 1000).toFixed(1)} s).`,
  );
  console.log("[restore] Members sign in with their passwords; their sessions and API tokens came along too (docs/backups.md).");
}

main()
  .then(() => closeDb())
  .catch(async (err) => {
    bar.end();
    const code = err instanceof BackupError ? ` (${err.code})` : "";
    console.error(`[restore] refused${code}: ${err instanceof Error ? err.message : String(err)}`);
    if (err instanceof BackupError && err.code !== "verify_failed") console.error("[restore] nothing was written.");
    await closeDb().catch(() => {});
    process.exit(1);
  });
