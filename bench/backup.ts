// npm run bench:backup -- --url http://127.0.0.1:3000 --data DIR [--seconds 10] [--out FILE.md]
//
// A backup must not hold the running forum (issue 56). Against a running server whose data folder is
// DIR (embedded) or whose DATABASE_URL is given (--database-url, Postgres): GET /api/posts throughput
// (autocannon, 10 connections) and the longest GET /api/health answer (polled every 15 ms), first quiet
// for --seconds, then while `npm run backup` runs (which, for the embedded database, asks the running
// forum to make it). Reports the backup's time and size, the ratio of throughput, the longest wait.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import autocannon from "autocannon";

const { values: args } = parseArgs({
  options: {
    url: { type: "string", default: "http://127.0.0.1:3000" },
    data: { type: "string" },
    "database-url": { type: "string" },
    seconds: { type: "string", default: "10" },
    out: { type: "string" },
  },
});
const url = args.url!;
const seconds = Number(args.seconds);

/**
 * GET /api/health every 15 ms from a worker thread of its own, so what it measures is the server's answer
 * alone, whatever autocannon does on this process's event loop. (Measured against the in-process poller:
 * the same figures, bench/results/backup-2026-12-03-poller.md; the quiet phases' waits are the server's.)
 */
const POLLER = `
const { parentPort, workerData } = require("node:worker_threads");
let max = 0, n = 0, on = true;
parentPort.on("message", () => { on = false; });
(async () => {
  while (on) {
    const t0 = performance.now();
    await fetch(workerData + "/api/health").then((r) => r.arrayBuffer()).catch(() => {});
    max = Math.max(max, performance.now() - t0);
    n++;
    await new Promise((r) => setTimeout(r, 15));
  }
  parentPort.postMessage({ max, n });
})();`;

function pollHealth(): { stop: () => Promise<{ max: number; n: number }> } {
  const worker = new Worker(POLLER, { eval: true, workerData: url });
  return {
    stop: () =>
      new Promise((resolve) => {
        worker.once("message", (m: { max: number; n: number }) => void worker.terminate().then(() => resolve(m)));
        worker.postMessage("stop");
      }),
  };
}

async function load(durationS: number): Promise<number> {
  const res = await autocannon({ url: `${url}/api/posts?pageSize=20`, connections: 10, duration: durationS });
  return res.requests.average;
}

async function quiet() {
  const h = pollHealth();
  const rps = await load(seconds);
  return { rps, health: await h.stop() };
}

async function duringBackup() {
  const out = mkdtempSync(path.join(os.tmpdir(), "bench-backup-"));
  const env = {
    ...process.env,
    ...(args.data ? { DATA_DIR: args.data } : {}),
    ...(args["database-url"] ? { DATABASE_URL: args["database-url"] } : {}),
  };
  if (!args["database-url"]) delete env.DATABASE_URL;
  const h = pollHealth();
  const t0 = performance.now();
  const child = spawn("npx", ["tsx", "--import", "./scripts/allow-server-only.mjs", "scripts/backup.ts", "--out", out], {
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
  const done = new Promise<number>((resolve) => child.on("exit", (code) => resolve(code ?? 1)));
  // Load for as long as the backup runs (in slices, so it ends soon after the backup).
  let requests = 0;
  let slices = 0;
  let finished = false;
  void done.then(() => (finished = true));
  while (!finished) {
    requests += await load(2);
    slices++;
  }
  const code = await done;
  const ms = performance.now() - t0;
  const health = await h.stop();
  const file = readdirSync(out).find((f) => f.endsWith(".tar.gz"));
  return { code, ms, rps: requests / Math.max(1, slices), health, bytes: file ? statSync(path.join(out, file)).size : 0 };
}

// Warm-up (first compiles, caches, connections), not counted.
await load(3);
const q = await quiet();
const b = await duringBackup();
const q2 = await quiet();
const quietRps = (q.rps + q2.rps) / 2;
const lines = [
  `# Backup while the forum runs (${new Date().toISOString()}, ${os.cpus().length} cores, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")})`,
  "",
  `Server ${url}, ${args["database-url"] ? "Postgres server" : `embedded database in ${args.data}`}. /api/posts?pageSize=20 with 10 connections; /api/health polled every 15 ms.`,
  "",
  "| | /api/posts req/s | longest /api/health (ms) | health probes |",
  "| --- | ---: | ---: | ---: |",
  `| quiet, before | ${q.rps.toFixed(1)} | ${q.health.max.toFixed(0)} | ${q.health.n} |`,
  `| during the backup | ${b.rps.toFixed(1)} | ${b.health.max.toFixed(0)} | ${b.health.n} |`,
  `| quiet, after | ${q2.rps.toFixed(1)} | ${q2.health.max.toFixed(0)} | ${q2.health.n} |`,
  "",
  `Backup: exit ${b.code}, ${(b.ms / 1000).toFixed(1)} s, ${(b.bytes / 1024 / 1024).toFixed(2)} MB. Throughput during the backup ÷ quiet (mean of before and after): **${(b.rps / quietRps).toFixed(2)}** (goal ≥ 0.8). Longest health wait during the backup: **${b.health.max.toFixed(0)} ms** (goal < 300 ms).`,
  "",
];
console.log(lines.join("\n"));
if (args.out) writeFileSync(args.out, lines.join("\n"));
