// npm run db:move -- --to postgres://user@host/db [--force] [--keep DIR]: copies the forum (the embedded
// database under DATA_DIR, or DATABASE_URL's) onto an empty Postgres server database, with the same
// backup and restore as npm run backup / restore, then prints every table's rows on both sides and exits
// non-zero on any difference. Stop the forum first. docs/backups.md.
import { closeDb, connection } from "@/db";
import { BackupError } from "@/lib/backup/format";
import { moveDatabase } from "@/lib/backup/move";
import type { DbSource } from "@/lib/backup/source";
import { runningForum } from "@/lib/services/backups/control";
import { flag, progressPrinter } from "./backup-progress";

const args = process.argv.slice(2);
const to = flag(args, "to");
const bar = progressPrinter("move");

async function main(): Promise<number> {
  if (!to || !/^postgres(ql)?:\/\//.test(to))
    throw new Error("usage: npm run db:move -- --to postgres://user:password@host:5432/database [--force] [--keep DIR]");
  let source: DbSource;
  if (process.env.DATABASE_URL) source = { kind: "postgres", url: process.env.DATABASE_URL };
  else {
    const running = await runningForum();
    if (running)
      throw new BackupError(
        "target_in_use",
        `The forum is running (pid ${running.pid}): stop it first, so that nothing is written to the old database during the move.`,
      );
    source = { kind: "pglite", pglite: connection().pglite! };
  }
  const report = await moveDatabase({
    source,
    to,
    force: args.includes("--force"),
    keepIn: flag(args, "keep"),
    onProgress: bar.update,
    log: (l) => {
      bar.end();
      console.log(l);
    },
  });
  if (!report.ok) {
    console.error("[db:move] the counts differ (marked DIFFERENT above): do not switch to the new database.");
    return 1;
  }
  const safe = new URL(to);
  safe.password = safe.password ? "***" : "";
  console.log(`[db:move] every table has the same rows on both sides. Start the forum with DATABASE_URL=${safe.toString()}`);
  if (report.file) console.log(`[db:move] the backup made on the way: ${report.file}`);
  return 0;
}

main()
  .then(async (code) => {
    await closeDb();
    process.exit(code);
  })
  .catch(async (err) => {
    bar.end();
    const code = err instanceof BackupError ? ` (${err.code})` : "";
    console.error(`[db:move] failed${code}: ${err instanceof Error ? err.message : String(err)}`);
    await closeDb().catch(() => {});
    process.exit(1);
  });
