import "server-only";
import { randomBytes, timingSafeEqual } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { dataDir } from "@/db";
import { forbidden } from "@/lib/errors";

/**
 * How `npm run backup` finds a running embedded forum: only one process may open the database folder,
 * so while the forum runs it makes the backup. At start-up the forum writes `$DATA_DIR/backup-control.json`
 * (mode 0600: its pid, port and a random token); the command posts the token to
 * /api/admin/backups/command on the loopback address, and the forum answers with its progress.
 */
export const controlFile = () => path.join(dataDir(), "backup-control.json");
export type Control = { pid: number; port: number; token: string };

const g = globalThis as unknown as { __forumBackupToken?: string };

export async function writeControlFile(port: number): Promise<void> {
  const token = (g.__forumBackupToken = randomBytes(24).toString("base64url"));
  await mkdir(dataDir(), { recursive: true });
  await writeFile(controlFile(), JSON.stringify({ pid: process.pid, port, token } satisfies Control), { mode: 0o600 });
  process.once("exit", () => {
    // Synchronous at exit, and only while the file is still this process's.
    try {
      const c = JSON.parse(readFileSync(controlFile(), "utf8")) as Control;
      if (c.pid === process.pid) rmSync(controlFile(), { force: true });
    } catch {
      // gone already
    }
  });
}

/** The running forum's control file, when the process it names is alive. */
export async function runningForum(): Promise<Control | null> {
  try {
    const c = JSON.parse(await readFile(controlFile(), "utf8")) as Control;
    process.kill(c.pid, 0);
    return c;
  } catch {
    return null;
  }
}

/** The command's token, checked in constant time; a loopback peer only. */
export function assertCommandCaller(token: string | null, peer: string | null): void {
  const want = g.__forumBackupToken;
  const loopback = !!peer && /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/.test(peer);
  const ok = !!want && !!token && token.length === want.length && timingSafeEqual(Buffer.from(token), Buffer.from(want));
  if (!ok || !loopback) throw forbidden();
}
