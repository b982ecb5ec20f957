// npm run db:migrate: applies pending migrations to DATABASE_URL, or to the embedded database under
// DATA_DIR (stop the server first: one process per embedded data folder).
import { closeDb, connection } from "@/db";
import { ensureMigrated } from "@/db/migrate";

async function main() {
  const t0 = Date.now();
  await ensureMigrated();
  console.log(`[migrate] ${connection().kind} database is up to date (${Date.now() - t0} ms)`);
}

main()
  .then(() => closeDb())
  .catch(async (err) => {
    console.error("[migrate] failed:", err instanceof Error ? err.message : err);
    await closeDb().catch(() => {});
    process.exit(1);
  });
