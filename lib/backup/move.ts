/**
 * Moving house (npm run db:move): the same backup and restore as ever, one after the other, from the
 * forum's database onto an empty Postgres server database, then every table counted on both sides.
 */
import { createReadStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { createBackup } from "@/lib/backup/create";
import { restoreBackup } from "@/lib/backup/restore";
import type { DbSource, OnProgress } from "@/lib/backup/source";
import { localFolderTarget } from "@/lib/backup/target";

export type MoveReport = { ok: boolean; tables: { name: string; source: number; target: number }[]; file: string | null };

export async function moveDatabase(opts: {
  source: DbSource;
  to: string;
  force?: boolean;
  /** Keep the backup made on the way in this folder (default: a temporary folder, removed after). */
  keepIn?: string;
  onProgress?: OnProgress;
  log?: (line: string) => void;
}): Promise<MoveReport> {
  const log = opts.log ?? ((l: string) => console.log(l));
  const tmp = opts.keepIn ?? (await mkdtemp(path.join(os.tmpdir(), "forum-move-")));
  try {
    const made = await createBackup({ source: opts.source, target: localFolderTarget(tmp), onProgress: opts.onProgress });
    const file = path.join(tmp, made.name);
    await restoreBackup({
      open: async () => createReadStream(file),
      target: { kind: "postgres", url: opts.to },
      force: opts.force,
      onProgress: opts.onProgress,
    });
    // Counted again on the server now, after its migrations, beside what the backup found.
    const sql = postgres(opts.to, { max: 1, onnotice: () => {} });
    const tables: MoveReport["tables"] = [];
    try {
      for (const t of made.manifest.tables) {
        const [schema, name] = t.name.split(".");
        const [row] = await sql.unsafe(`select count(*)::int as n from "${schema}"."${name}"`);
        tables.push({ name: t.name, source: t.rows, target: Number(row?.n ?? -1) });
      }
    } finally {
      await sql.end({ timeout: 5 });
    }
    const width = Math.max(...tables.map((t) => t.name.length), 5);
    log(`${"table".padEnd(width)}  ${"source".padStart(9)}  ${"target".padStart(9)}`);
    for (const t of tables)
      log(
        `${t.name.padEnd(width)}  ${String(t.source).padStart(9)}  ${String(t.target).padStart(9)}${t.source === t.target ? "" : "  DIFFERENT"}`,
      );
    const ok = tables.every((t) => t.source === t.target);
    return { ok, tables, file: opts.keepIn ? file : null };
  } finally {
    if (!opts.keepIn) await rm(tmp, { recursive: true, force: true });
  }
}
