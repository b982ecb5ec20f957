// npm run bench [-- --size 100k --duration 5 --port 3210 --skip-build]
//
// Builds the app into its own dist dir (.next-bench) when needed, starts the server (server.ts) on the database of
// DATABASE_URL (seeded by bench/seed.ts), warms up, then measures each endpoint with autocannon: req/s at
// 50 connections, p50/p99 at 10 connections, CPU ms per request (the server process tree plus this
// database's Postgres backends, from /proc/<pid>/stat), server RSS. In the same run: the framework
// ceiling (GET /api/reaction-types, measured first and last) and a bare node:http server answering the
// same bytes as /api/posts page 0. Prints a table and writes JSON + Markdown under bench/results/.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import postgres from "postgres";
import { benchToken } from "./common";
import { serverCommand, serverNodeArgs } from "../scripts/server-node-args.mjs";

const { values: args } = parseArgs({
  args: process.argv.slice(2),
  options: {
    size: { type: "string" },
    duration: { type: "string", default: "5" },
    port: { type: "string", default: "3210" },
    "skip-build": { type: "boolean", default: false },
    only: { type: "string" },
    out: { type: "string" },
    "next-start": { type: "boolean", default: false },
  },
  strict: false,
});

const DIST = process.env.NEXT_DIST_DIR || ".next-bench";
const PORT = Number(args.port);
const DURATION = Number(args.duration);
const DB_URL = process.env.DATABASE_URL;
if (!DB_URL) throw new Error("DATABASE_URL must point at a database filled by npm run bench:seed");
const dbName = new URL(DB_URL).pathname.slice(1);
const SIZE = (args.size as string | undefined) ?? dbName.replace(/^bench_/, "");
const BASE = `http://127.0.0.1:${PORT}`;
const CLK_TCK = 100;

type Target = { name: string; path: string; token?: string; note?: string };
type Row = {
  name: string;
  path: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  cpuMsPerReq: number;
  serverCpuMsPerReq: number;
  pgCpuMsPerReq: number;
  ratioFramework: number | null;
  ratioNodeHttp: number | null;
  bytes: number;
  rssMb: number | null;
};

import { procTicks, processTree, rssMb } from "./proc";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitReady(url: string, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      const r = await fetch(url);
      if (r.status < 500) return;
    } catch {
      /* not yet */
    }
    await sleep(300);
  }
  throw new Error(`server not ready at ${url}`);
}

function cannon(url: string, connections: number, duration: number, headers: Record<string, string> = {}) {
  return autocannon({ url, connections, duration, headers, pipelining: 1 }) as Promise<autocannon.Result>;
}

async function main() {
  const sql = postgres(DB_URL!, { max: 1, onnotice: () => {} });
  const [changeLogPost] = await sql<
    { post_id: number }[]
  >`select post_id from post_change_logs group by post_id order by count(*) desc limit 1`;
  const [postPage] = await sql<
    { id: number }[]
  >`select id from posts where status = 'PUBLISHED' and visible_scope = 'ALL' and pinned_at is null order by id desc limit 1`;
  const [{ n: nPosts }] = (await sql<{ n: number }[]>`select count(*)::int as n from posts`) as unknown as [{ n: number }];
  const [t1, t2] = await sql<{ id: number }[]>`select tag_id as id from post_tags group by tag_id order by count(*) desc limit 2`;
  const deepPage = Math.min(4000, Math.floor((nPosts * 0.9) / 20) - 1);

  const userToken = benchToken("user4");
  const busyToken = benchToken("busy");
  const targets: Target[] = [
    { name: "reaction-types (framework ceiling)", path: "/api/reaction-types" },
    { name: "posts page 0 (anonymous)", path: "/api/posts" },
    { name: "posts page 0 (bearer)", path: "/api/posts", token: userToken },
    { name: `posts deep page ${deepPage}`, path: `/api/posts?page=${deepPage}&pageSize=20` },
    { name: "posts one category", path: "/api/posts?categoryId=3" },
    { name: "posts two categories", path: "/api/posts?categoryIds=3,7" },
    { name: "posts two tags AND", path: `/api/posts?tagIds=${t1!.id},${t2!.id}` },
    { name: "posts recent 60 min", path: "/api/posts/recent?minutes=60" },
    { name: "change logs (1,000)", path: `/api/posts/${changeLogPost!.post_id}/change-logs` },
    { name: "notifications (busy)", path: "/api/notifications", token: busyToken },
    { name: "categories", path: "/api/categories" },
    { name: "point-goods", path: "/api/point-goods" },
    { name: "home page", path: "/" },
    { name: "post page", path: `/posts/${postPage!.id}` },
  ].filter((t) => !args.only || (args.only as string).split(",").some((o) => t.name.includes(o)));

  if (!args["skip-build"] && !existsSync(path.join(DIST, "BUILD_ID"))) {
    console.log(`[bench] building into ${DIST} (about a minute)…`);
    const b = spawnSync("npx", ["next", "build"], { stdio: "inherit", env: { ...process.env, NEXT_DIST_DIR: DIST } });
    if (b.status !== 0) throw new Error("build failed");
  }

  const dataDir = path.resolve("data-bench");
  mkdirSync(dataDir, { recursive: true });
  const server: ChildProcess = spawn(
    process.execPath,
    // --next-start: the framework's own `next start` (a build from before server.ts, for comparisons).
    [
      ...(args["next-start"] ? [...serverNodeArgs(), "node_modules/next/dist/bin/next", "start"] : serverCommand()),
      "-p",
      String(PORT),
      "-H",
      "127.0.0.1",
    ],
    {
      env: { ...process.env, NEXT_DIST_DIR: DIST, DATA_DIR: dataDir, SEED_DEMO: "0", NODE_ENV: "production", PORT: String(PORT) },
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  const bare = startBare();
  let maxRss = 0;
  const rows: Row[] = [];
  try {
    await waitReady(`${BASE}/api/reaction-types`, 60_000);
    // Warm-up: compile paths, fill pools and caches.
    for (const t of targets) await cannon(BASE + t.path, 10, 1, t.token ? { authorization: `Bearer ${t.token}` } : {});
    await sleep(1000);

    const pageBytes = await (await fetch(`${BASE}/api/posts`)).text();
    bare.setBody(pageBytes);
    const bareRes = await cannon(`http://127.0.0.1:${bare.port}/api/posts`, 50, DURATION);
    const nodeHttpRps = bareRes.requests.average;

    const backendPids = async () =>
      (await sql<{ pid: number }[]>`select pid from pg_stat_activity where datname = ${dbName} and pid <> pg_backend_pid()`).map(
        (r) => r.pid,
      );

    /** Waits until the server answers the constant route quickly again (abandoned requests drained). */
    const settle = async () => {
      for (let i = 0; i < 40; i++) {
        const t0 = Date.now();
        await fetch(`${BASE}/api/reaction-types`).catch(() => null);
        if (Date.now() - t0 < 50) return;
        await sleep(250);
      }
    };
    let frameworkRps: number | null = null;
    const measure = async (t: Target): Promise<Row> => {
      const headers: Record<string, string> = t.token ? { authorization: `Bearer ${t.token}` } : {};
      const tree = processTree(server.pid!);
      const pg = await backendPids();
      const s0 = tree.reduce((a, p) => a + procTicks(p), 0);
      const p0 = new Map(pg.map((p) => [p, procTicks(p)]));
      // Latency first, at 10 connections, on an idle server (the 50-connection run leaves a backlog).
      const lat = await cannon(BASE + t.path, 10, Math.max(2, Math.round(DURATION / 2)), headers);
      let rowRss = 0;
      const sampler = setInterval(() => (rowRss = Math.max(rowRss, rssMb(processTree(server.pid!)))), 500);
      const load = await cannon(BASE + t.path, 50, DURATION, headers);
      clearInterval(sampler);
      maxRss = Math.max(maxRss, rowRss);
      const s1 = processTree(server.pid!).reduce((a, p) => a + procTicks(p), 0);
      const pgAfter = await backendPids();
      let pgTicks = 0;
      for (const p of pgAfter) pgTicks += procTicks(p) - (p0.get(p) ?? 0);
      await settle();
      const reqs = Math.max(1, load.requests.total);
      const serverMs = ((s1 - s0) * 1000) / CLK_TCK / reqs;
      const pgMs = (pgTicks * 1000) / CLK_TCK / reqs;
      return {
        name: t.name,
        path: t.path,
        rps: Math.round(load.requests.average),
        p50: lat.latency.p50,
        p99: lat.latency.p99,
        non2xx: load.non2xx + lat.non2xx,
        errors: load.errors + lat.errors + load.timeouts + lat.timeouts,
        cpuMsPerReq: +(serverMs + pgMs).toFixed(2),
        serverCpuMsPerReq: +serverMs.toFixed(2),
        pgCpuMsPerReq: +pgMs.toFixed(2),
        ratioFramework: null,
        ratioNodeHttp: null,
        bytes: Math.round(load.throughput.total / reqs),
        rssMb: rowRss,
      };
    };

    const ceilingRuns: Row[] = [];
    for (const t of targets) {
      process.stdout.write(`[bench] ${t.name} … `);
      const r = await measure(t);
      if (t.path === "/api/reaction-types") ceilingRuns.push(r);
      rows.push(r);
      console.log(
        `${r.rps} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.cpuMsPerReq} CPU ms/req${r.non2xx ? `, ${r.non2xx} non-2xx` : ""}`,
      );
    }
    // The ceiling again at the end, so that drift of the shared machine shows (ratios use the mean).
    if (ceilingRuns.length) {
      const again = await measure(targets[0]!);
      ceilingRuns.push(again);
      frameworkRps = ceilingRuns.reduce((a, r) => a + r.rps, 0) / ceilingRuns.length;
      rows[0] = { ...rows[0]!, rps: Math.round(frameworkRps) };
    }
    for (const r of rows) {
      r.ratioFramework = frameworkRps ? +(r.rps / frameworkRps).toFixed(2) : null;
      r.ratioNodeHttp = +(r.rps / nodeHttpRps).toFixed(3);
    }
    rows.push({
      name: "node:http, same bytes as page 0",
      path: "(bare server)",
      rps: Math.round(nodeHttpRps),
      p50: bareRes.latency.p50,
      p99: bareRes.latency.p99,
      non2xx: bareRes.non2xx,
      errors: bareRes.errors,
      cpuMsPerReq: 0,
      serverCpuMsPerReq: 0,
      pgCpuMsPerReq: 0,
      ratioFramework: frameworkRps ? +(nodeHttpRps / frameworkRps).toFixed(2) : null,
      ratioNodeHttp: 1,
      bytes: pageBytes.length,
      rssMb: null,
    });
  } finally {
    server.kill("SIGTERM");
    bare.close();
    await sql.end({ timeout: 2 });
    await new Promise((r) => setTimeout(r, 500));
    if (server.exitCode === null) server.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  }
  report(rows, maxRss, nPosts);
}

function startBare() {
  let body = Buffer.from("[]");
  const srv = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json", "content-length": body.length });
    res.end(body);
  });
  srv.listen(PORT + 1, "127.0.0.1");
  return { port: PORT + 1, setBody: (s: string) => (body = Buffer.from(s)), close: () => srv.close() };
}

function report(rows: Row[], maxRss: number, nPosts: number) {
  const date = new Date().toISOString();
  const command = `DATABASE_URL=${DB_URL} npm run bench -- ${process.argv.slice(2).join(" ")}`.trim();
  const header =
    "| endpoint | req/s (50 conn) | p50 ms (10 conn) | p99 ms (10 conn) | CPU ms/req (server + pg) | × framework ceiling | × node:http | server RSS MB | non-2xx + errors + timeouts |";
  const lines = rows.map(
    (r) =>
      `| ${r.name} \`${r.path}\` | ${r.rps} | ${r.p50} | ${r.p99} | ${r.cpuMsPerReq} (${r.serverCpuMsPerReq} + ${r.pgCpuMsPerReq}) | ${r.ratioFramework ?? "-"} | ${r.ratioNodeHttp ?? "-"} | ${r.rssMb ?? "-"} | ${r.non2xx + r.errors} |`,
  );
  const md = [
    `# Bench: ${nPosts.toLocaleString()} posts (${SIZE})`,
    "",
    `- Date: ${date}; machine: ${os.cpus().length} cores, load average at start ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
    `- Command: \`${command}\``,
    `- autocannon ${DURATION} s at 50 connections for req/s, then ${Math.max(2, Math.round(DURATION / 2))} s at 10 connections for p50/p99; server RSS max under load: ${maxRss} MB`,
    "",
    header,
    "|---|---|---|---|---|---|---|---|---|",
    ...lines,
    "",
  ].join("\n");
  console.log("\n" + md);
  mkdirSync("bench/results", { recursive: true });
  const stem = (args.out as string | undefined) ?? `bench/results/bench-${SIZE}`;
  writeFileSync(`${stem}.md`, md);
  writeFileSync(
    `${stem}.json`,
    JSON.stringify({ date, command, size: SIZE, posts: nPosts, maxRssMb: maxRss, duration: DURATION, rows }, null, 2),
  );
  console.log(`[bench] wrote ${stem}.md and ${stem}.json`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
