// npm run db:seed [-- --force]
// Fills the database of DATABASE_URL (or the embedded one under $DATA_DIR/pglite) with the demo community.
// Refuses a database that already has forum data unless --force, which first wipes every forum table.
// The embedded database allows one process at a time: stop the server before seeding it.
import { sql } from "drizzle-orm";
import { closeDb, connection, db, rawRows } from "@/db";
import { ensureMigrated } from "@/db/migrate";
import { seedDemo } from "@/lib/demo/demo";

const args = new Set(process.argv.slice(2));
const force = args.has("--force");

if (args.has("--help") || args.has("-h")) {
  console.log("Usage: npm run db:seed [-- --force]\n  --force  wipe all forum tables first (everything in the database is lost)");
  process.exit(0);
}

const t0 = Date.now();
const say = (m: string) => console.log(`[seed +${((Date.now() - t0) / 1000).toFixed(1)}s] ${m}`);

async function main(): Promise<number> {
  const kind = connection().kind;
  say(
    kind === "postgres"
      ? "database: DATABASE_URL (Postgres server)"
      : "database: embedded PGlite (stop the server first: one process per data folder)",
  );
  await ensureMigrated();
  say("migrations applied");

  const tables = (
    await rawRows<{ table_name: string }>(
      db,
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )
  ).map((t) => t.table_name);
  const checks = ["users", "posts", "categories", "tags", "point_goods"].filter((t) => tables.includes(t));
  const counts = await Promise.all(
    checks.map(async (t) => {
      const [row] = await rawRows<{ n: number | string }>(db, sql`select count(*) as n from ${sql.identifier(t)}`);
      return [t, Number(row?.n ?? 0)] as const;
    }),
  );
  const nonEmpty = counts.filter(([, n]) => n > 0);
  if (nonEmpty.length > 0) {
    if (!force) {
      console.error(`[seed] refusing: the database already has data (${nonEmpty.map(([t, n]) => `${t}: ${n}`).join(", ")}).`);
      console.error("[seed] run `npm run db:seed -- --force` to wipe every forum table and seed again.");
      return 1;
    }
    say(`--force: wiping ${tables.length} tables`);
    await db.execute(sql.raw(`truncate table ${tables.map((t) => `"${t}"`).join(", ")} restart identity cascade`));
  }

  await seedDemo(db, { log: (m) => say(m) });
  say("demo community ready: sign in as alice, bob, moderator or admin with DEMO_PASSWORD (default: demo-password)");
  return 0;
}

main()
  .then(async (code) => {
    await closeDb();
    process.exit(code);
  })
  .catch(async (err) => {
    console.error("[seed] failed:", err instanceof Error ? err.message : err);
    await closeDb().catch(() => {});
    process.exit(1);
  });
