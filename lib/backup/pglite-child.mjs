// The embedded database's dump, in a process of its own so that the forum's thread keeps serving:
// opens a copy of the data folder (a copy of its files, or PGlite's dumpDataDir tarball for one in
// memory, taken by the forum between two statements), runs the checksums and pg_dump compiled for PGlite on it, writes the dump to a file
// and answers with the checksums. Started by lib/backup/source.ts with `fork` (IPC).
import { readFile, writeFile, rm } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { pgDump } from "@electric-sql/pglite-tools/pg_dump";
import { collectSums, portableDump, SESSION_SETTINGS } from "./sums.mjs";

process.once("message", async (job) => {
  try {
    let pg;
    if (job.snapshotDir) pg = await PGlite.create(job.snapshotDir, { extensions: { pg_trgm } });
    else {
      const data = await readFile(job.snapshot);
      await rm(job.snapshot, { force: true });
      pg = await PGlite.create({ loadDataDir: new Blob([data]), extensions: { pg_trgm } });
    }
    process.send({ progress: "checksums" });
    await pg.exec(SESSION_SETTINGS);
    const sums = await collectSums(async (text) => (await pg.query(text)).rows);
    process.send({ progress: "dump" });
    const file = await pgDump({ pg, args: job.args });
    const text = portableDump(await file.text());
    await writeFile(job.out, text);
    await pg.close();
    process.send({ done: true, sums, dumpedBy: "pg_dump (PGlite, @electric-sql/pglite-tools)" }, () => process.exit(0));
  } catch (e) {
    process.send({ error: e instanceof Error ? e.stack || e.message : String(e) }, () => process.exit(1));
  }
});
