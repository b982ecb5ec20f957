/**
 * A consistent copy of the embedded database's data folder that holds the database only briefly.
 *
 * PGlite runs one statement at a time and writes its files synchronously, so between two statements the
 * folder is a consistent state (as after a crash, which the copy's start-up recovers). Copying the whole
 * folder in that gap held every request that needs the database for the whole copy (1.1 s for the demo
 * forum). Instead, like rsync's two passes: the folder is copied while the forum runs, then, between two
 * statements, only the files that may have changed since are copied again and the ones that went are
 * removed. A file "may have changed" when its size or modification time differs from what was seen
 * before its first copy, or when that time was recent at the first pass (file times are as coarse as the
 * kernel's clock tick, so a write in the same tick as the one seen would not move it).
 */
import { copyFile, mkdir, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";

type Seen = { size: number; mtimeMs: number };

/** Every regular file under `dir`, relative paths (directories listed first, for creating them). */
async function walk(dir: string): Promise<{ dirs: string[]; files: string[] }> {
  const dirs: string[] = [];
  const files: string[] = [];
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const rel = path.relative(dir, path.join(e.parentPath, e.name));
    if (e.isDirectory()) dirs.push(rel);
    else if (e.isFile()) files.push(rel);
  }
  return { dirs: dirs.sort(), files };
}

/** A file seen within this long before the first pass is copied again in the second (clock ticks, clocks). */
const RECENT_MS = 2000;

export type CopyStats = { files: number; bytes: number; recopied: number; recopiedBytes: number; lockedMs: number };

/**
 * Copies `from` to `to` (which must not exist). `exclusive` runs its callback while the database runs
 * no statement (PGlite's `_runExclusiveQuery`).
 */
export async function copyDataFolder(from: string, to: string, exclusive: <T>(fn: () => Promise<T>) => Promise<T>): Promise<CopyStats> {
  const started = Date.now();
  const seen = new Map<string, Seen>();
  let bytes = 0;
  const first = await walk(from);
  await mkdir(to, { recursive: true });
  for (const d of first.dirs) await mkdir(path.join(to, d), { recursive: true });
  for (const f of first.files) {
    try {
      const s = await stat(path.join(from, f));
      seen.set(f, { size: s.size, mtimeMs: s.mtimeMs });
      await copyFile(path.join(from, f), path.join(to, f));
      bytes += s.size;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
      seen.delete(f); // went meanwhile: the second pass decides
    }
  }
  return exclusive(async () => {
    const t0 = performance.now();
    const now = await walk(from);
    let recopied = 0;
    let recopiedBytes = 0;
    for (const d of now.dirs) await mkdir(path.join(to, d), { recursive: true });
    const present = new Set(now.files);
    for (const f of seen.keys()) if (!present.has(f)) await rm(path.join(to, f), { force: true });
    for (const f of now.files) {
      const s = await stat(path.join(from, f));
      const before = seen.get(f);
      const changed = !before || before.size !== s.size || before.mtimeMs !== s.mtimeMs || before.mtimeMs >= started - RECENT_MS;
      if (!changed) continue;
      await copyFile(path.join(from, f), path.join(to, f));
      recopied++;
      recopiedBytes += s.size;
    }
    return { files: now.files.length, bytes, recopied, recopiedBytes, lockedMs: performance.now() - t0 };
  });
}
