import { sql } from "drizzle-orm";
import { db, rawRows, dbStats } from "@/db";
import { listNotifications } from "@/lib/services/notifications";
async function main() {
  const [u] = await rawRows<{ id: number }>(db, sql`select id from users where username = 'busy'`);
  const viewer = { id: u!.id, username: "busy", role: "USER" as const, scopes: ["read", "write"] as any, via: "token" as const };
  for (let i = 0; i < 20; i++) await listNotifications(viewer, { page: 0, size: 30 } as any);
  const q0 = dbStats.queries; const t0 = performance.now(); const c0 = process.cpuUsage();
  for (let i = 0; i < 1500; i++) await listNotifications(viewer, { page: 0, size: 30 } as any);
  const c = process.cpuUsage(c0);
  console.log("ms/iter", ((performance.now() - t0) / 1500).toFixed(2), "cpu ms/iter", ((c.user + c.system) / 1000 / 1500).toFixed(2), "queries/iter", (dbStats.queries - q0) / 1500);
  const r = await listNotifications(viewer, { page: 0, size: 30 } as any);
  console.log(JSON.stringify(r).length, new Set(r.map(x=>x.type)));
  process.exit(0);
}
main();
