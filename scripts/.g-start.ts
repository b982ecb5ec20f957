// Simulates the first start of a new embedded database: initdb, migrations, demo seed.
const dir = process.argv[2]!;
process.env.DATA_DIR = dir;
delete process.env.DATABASE_URL;
delete process.env.PGLITE_DIR;
const t0 = Date.now(); const c0 = process.cpuUsage();
const { ensureMigrated } = await import("@/db/migrate");
const { db, closeDb } = await import("@/db");
await ensureMigrated();
const t1 = Date.now(); const c1 = process.cpuUsage(c0);
const { seedDemoIfEmpty } = await import("@/db/seed-demo");
await seedDemoIfEmpty();
const c2 = process.cpuUsage(c0);
console.log(`initdb+migrate wall ${t1 - t0} ms cpu ${Math.round((c1.user + c1.system) / 1000)} ms; seed wall ${Date.now() - t1} ms cpu ${Math.round((c2.user + c2.system - c1.user - c1.system) / 1000)} ms`);
const { listCategories } = await import("@/lib/services/categories");
console.log((await listCategories()).map((c) => `${c.name} ${c.count}`).join(", "));
await closeDb();
void db;
