// The embedded database's backup copy (lib/backup/snapshot-copy.ts): taken while the database keeps
// writing, it is a consistent state (every transaction whole), and the database is held only for the
// second pass, not for the whole copy.
import { readFileSync } from "node:fs";
import { mkdtemp, readdir, rm, utimes } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, inject, it } from "vitest";
import { copyDataFolder } from "@/lib/backup/snapshot-copy";
import { elapse } from "../time";

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

describe("copyDataFolder", () => {
  it("copies a database that is writing into a consistent state, holding it only for the changed files", async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), "snapshot-copy-"));
    dirs.push(root);
    // From the suite's migrated database when there is one (an initdb takes seconds).
    const dump = inject("pgliteDump");
    const pg = await PGlite.create(path.join(root, "db"), dump ? { loadDataDir: new Blob([readFileSync(dump)]) } : {});
    // Two tables written in one transaction each: a torn copy would show different counts.
    await pg.exec(`
      create table a (id serial primary key, pad text);
      create table b (id serial primary key, pad text);
      create table cold (id serial primary key, pad text);
      insert into cold (pad) select repeat(md5(g::text), 30) from generate_series(1, 5000) g;
      checkpoint;`);
    // A database that has been running a while: its files last written an hour ago, except what the
    // writes below touch.
    const hourAgo = new Date(Date.now() - 3600_000);
    for (const e of await readdir(path.join(root, "db"), { recursive: true, withFileTypes: true }))
      if (e.isFile()) await utimes(path.join(e.parentPath, e.name), hourAgo, hourAgo);
    let committed = 0;
    let writing = true;
    const writer = (async () => {
      while (writing) {
        await pg.transaction(async (tx) => {
          await tx.query("insert into a (pad) values (repeat('x', 500))");
          await tx.query("insert into b (pad) values (repeat('y', 500))");
        });
        committed++;
        // PGlite answers in microtasks: let the copy's file callbacks run, as a server's requests would.
        await elapse(2, "a gap between writes, for the copy's I/O callbacks");
      }
    })();
    // The copy starts while the writes go on.
    await expect.poll(() => committed).toBeGreaterThan(0);
    let atLock = -1;
    let heldMs = 0;
    const stats = await copyDataFolder(path.join(root, "db"), path.join(root, "copy"), async (fn) =>
      pg._runExclusiveQuery(async () => {
        atLock = committed;
        const t0 = performance.now();
        const r = await fn();
        heldMs = performance.now() - t0;
        return r;
      }),
    );
    writing = false;
    await writer;
    const afterCopy = committed;
    await pg.close();

    const copy = await PGlite.create(path.join(root, "copy"));
    const { a } = (await copy.query<{ a: number }>("select count(*)::int as a from a")).rows[0]!;
    const { b } = (await copy.query<{ b: number }>("select count(*)::int as b from b")).rows[0]!;
    const { c } = (await copy.query<{ c: number }>("select count(*)::int as c from cold")).rows[0]!;
    await copy.close();
    expect(a).toBe(b);
    expect(c).toBe(5000);
    // Everything committed before the hold is there; nothing committed after it.
    expect(a).toBeGreaterThanOrEqual(atLock);
    expect(a).toBeLessThanOrEqual(afterCopy);

    // The writes went on during the first pass; the second pass copied only some files again.
    expect(atLock).toBeGreaterThan(0);
    expect(stats.recopied).toBeGreaterThan(0);
    expect(stats.recopied).toBeLessThan(stats.files);
    expect(stats.recopiedBytes).toBeLessThan(stats.bytes / 2);
    expect(heldMs).toBeLessThan(5000);
  }, 120_000);
});
