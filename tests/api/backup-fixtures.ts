// What the backup tests share: every table's row count and checksum of a database, read the way a backup
// reads them (lib/backup/sums.mjs), so a restore can be compared with its source.
import postgres from "postgres";
import type { RestoreTarget } from "@/lib/backup/restore";
import type { DbSource } from "@/lib/backup/source";
import { collectSums, SESSION_SETTINGS } from "@/lib/backup/sums.mjs";

/** Every table's count and checksum in `target`. */
export async function sumsOf(target: RestoreTarget | DbSource) {
  if (target.kind === "pglite") {
    await target.pglite.exec(SESSION_SETTINGS);
    const s = await collectSums(async (t) => (await target.pglite.query<Record<string, unknown>>(t)).rows);
    await target.pglite.exec("RESET ALL");
    return s;
  }
  const sql = postgres(target.url, { max: 1, onnotice: () => {} });
  try {
    for (const s of SESSION_SETTINGS.split(";")) await sql.unsafe(s);
    return await collectSums(async (t) => (await sql.unsafe(t)) as unknown as Record<string, unknown>[]);
  } finally {
    await sql.end();
  }
}
