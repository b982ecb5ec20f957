// Shared pieces of the reliability scripts: a production server on its own port (the bench build in
// .next-bench), bench users with fixed bearer tokens written straight into the database, and the
// "N passed, N failed" report. Only loopback addresses are ever contacted.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { serverCommand } from "../server-node-args.mjs";

/** Build folder of the servers these scripts start (CI reuses the e2e build with RELIABILITY_DIST=.next). */
export const DIST = process.env.RELIABILITY_DIST || ".next-bench";
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const tokenFor = (username: string) => `fp_rel_${username}_${"y".repeat(32)}`;

export function ensureBuild(): void {
  if (existsSync(path.join(DIST, "BUILD_ID"))) return;
  console.log(`[reliability] building into ${DIST}…`);
  const b = spawnSync("npx", ["next", "build"], { stdio: "inherit", env: { ...process.env, NEXT_DIST_DIR: DIST } });
  if (b.status !== 0) throw new Error("build failed");
}

export type Server = { proc: ChildProcess; url: string; stop: (signal?: NodeJS.Signals) => Promise<number | null> };

/**
 * Every server process a script started, ready or not: one still starting when a time limit or an error
 * ends the script is not in the script's own list yet, and must not outlive it.
 */
const spawned = new Set<ChildProcess>();
process.on("exit", () => {
  for (const p of spawned) if (p.exitCode === null && p.signalCode === null) p.kill("SIGKILL");
});

/** The server (server.ts) on 127.0.0.1:port with the given environment (DATABASE_URL or DATA_DIR). */
export async function startServer(port: number, env: Record<string, string>, quiet = true): Promise<Server> {
  const proc = spawn(process.execPath, [...serverCommand(), "-p", String(port), "-H", "127.0.0.1"], {
    env: { ...process.env, NEXT_DIST_DIR: DIST, SEED_DEMO: "0", NODE_ENV: "production", PORT: String(port), ...env },
    stdio: ["ignore", quiet ? "ignore" : "inherit", "inherit"],
  });
  spawned.add(proc);
  proc.once("exit", () => spawned.delete(proc));
  const url = `http://127.0.0.1:${port}`;
  const end = Date.now() + 90_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server on ${port} exited with ${proc.exitCode}`);
    try {
      const r = await fetch(`${url}/api/health`);
      if (r.status === 200) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > end) throw new Error(`server on ${port} not ready`);
    await sleep(300);
  }
  const stop = (signal: NodeJS.Signals = "SIGTERM") =>
    new Promise<number | null>((resolve) => {
      if (proc.exitCode !== null) return resolve(proc.exitCode);
      const t = setTimeout(() => proc.kill("SIGKILL"), 10_000);
      proc.once("exit", (code) => (clearTimeout(t), resolve(code)));
      proc.kill(signal);
    });
  return { proc, url, stop };
}

/** Creates (or resets) a database on the local Postgres server and returns its URL. */
export async function freshDatabase(name: string): Promise<string> {
  const admin = postgres("postgres://postgres@127.0.0.1:5432/postgres", { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  return `postgres://postgres@127.0.0.1:5432/${name}`;
}

/** n users (rel1..reln, 1,000 points each with its ledger row) with bearer tokens; a category and tags. */
export async function seedActors(
  sql: postgres.Sql,
  n: number,
): Promise<{ ids: number[]; tokens: string[]; categoryId: number; tagIds: number[] }> {
  const ids: number[] = [];
  const tokens: string[] = [];
  for (let i = 1; i <= n; i++) {
    const username = `rel${i}`;
    const [u] = await sql<
      { id: number }[]
    >`insert into users (username, email, point) values (${username}, ${username + "@rel.invalid"}, 1000) returning id`;
    await sql`insert into point_histories (user_id, type, amount, balance) values (${u!.id}, 'ADMIN_GRANT', 1000, 1000)`;
    const token = tokenFor(username);
    await sql`insert into api_tokens (user_id, name, token_hash, prefix, scopes, kind)
      values (${u!.id}, 'reliability', ${createHash("sha256").update(token).digest("hex")}, 'fp_rel', ${sql.array(["read", "write"])}, 'personal')`;
    ids.push(u!.id);
    tokens.push(token);
  }
  const [c] = await sql<{ id: number }[]>`insert into categories (name) values ('Reliability') returning id`;
  const tagIds: number[] = [];
  for (const name of ["rel-a", "rel-b", "rel-c"]) {
    const [t] = await sql<{ id: number }[]>`insert into tags (name) values (${name}) returning id`;
    tagIds.push(t!.id);
  }
  return { ids, tokens, categoryId: c!.id, tagIds };
}

export type Check = { name: string; ok: boolean; detail: string };
export function check(checks: Check[], name: string, ok: boolean, detail = ""): void {
  checks.push({ name, ok, detail });
  console.log(`${ok ? "PASS" : "FAIL"}  ${name}${detail ? ` — ${detail}` : ""}`);
}
export function finish(checks: Check[]): never {
  const passed = checks.filter((c) => c.ok).length;
  console.log(`\n${passed} passed, ${checks.length - passed} failed`);
  process.exit(checks.length - passed ? 1 : 0);
}

export async function api(base: string, p: string, token: string | null, method = "GET", body?: unknown, timeoutMs = 15_000) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const r = await fetch(base + p, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await r.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: r.status, json: json as Record<string, unknown> | null };
}

export const removeDir = (dir: string) => rmSync(dir, { recursive: true, force: true });
export const makeDir = (dir: string) => mkdirSync(dir, { recursive: true });
