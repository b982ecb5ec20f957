// DATABASE_URL=… npx tsx bench/sparse-views.ts [--seconds 150] [--pace 4000] [--rounds 2] [--label 100k]
//
// What a forum between visitors costs: anonymous views of the home, a post, a category and a
// profile in turn, one every `--pace` ms (the document, then its event stream held for 1 s, as a
// browser does), for `--seconds`, against the server (server.ts) on a bench:seed database (build:
// NEXT_DIST_DIR=.next-bench npx next build). Reports the server CPU over the whole run (idle time
// included) per view and the server's RSS at the end, with V8's memory reducer on and off
// (SERVER_MEMORY_REDUCER, scripts/server-node-args.mjs), alternating, `--rounds` times each.
// Writes bench/results/memory-reducer-<label>.txt.
import { spawn } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import postgres from "postgres";
import { serverEntry, serverNodeArgs } from "../scripts/server-node-args.mjs";
import { procTicks, processTree } from "./proc";

const { values: args } = parseArgs({
  args: process.argv.slice(2),
  options: {
    seconds: { type: "string", default: "150" },
    pace: { type: "string", default: "4000" },
    rounds: { type: "string", default: "2" },
    label: { type: "string", default: "current" },
  },
});
const PORT = 3244,
  BASE = `http://127.0.0.1:${PORT}`,
  DB_URL = process.env.DATABASE_URL;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function view(p: string): Promise<void> {
  const r = await fetch(BASE + p, { headers: { "sec-fetch-dest": "document", accept: "text/html" } });
  await r.arrayBuffer();
  if (r.status !== 200) throw new Error(`${p}: ${r.status}`);
  const ac = new AbortController();
  const events = fetch(`${BASE}/api/events`, { signal: ac.signal })
    .then((x) => x.body?.getReader().read())
    .catch(() => undefined);
  await sleep(1000);
  ac.abort();
  await events;
}

async function run(reducer: boolean): Promise<{ views: number; cpuMs: number; rssMb: number }> {
  const dataDir = path.resolve("data-bench-sparse");
  rmSync(dataDir, { recursive: true, force: true });
  const env = {
    ...process.env,
    NEXT_DIST_DIR: ".next-bench",
    DATA_DIR: dataDir,
    NODE_ENV: "production",
    PORT: String(PORT),
    SEED_DEMO: "0",
    SERVER_MEMORY_REDUCER: reducer ? "1" : "0",
  } as NodeJS.ProcessEnv;
  const nodeArgs = [...serverNodeArgs().filter((a) => a !== "--no-memory-reducer"), ...(reducer ? [] : ["--no-memory-reducer"])];
  const server = spawn(process.execPath, [...nodeArgs, ...serverEntry(), "-p", String(PORT), "-H", "127.0.0.1"], {
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const tree = () => processTree(server.pid!);
  try {
    for (;;) {
      const r = await fetch(`${BASE}/api/health`).catch(() => null);
      if (r?.status === 200) break;
      await sleep(200);
    }
    const posts = (await (await fetch(`${BASE}/api/posts?pageSize=20`)).json()) as {
      id: number;
      category: { id: number };
      author: { username: string };
    }[];
    const pages = ["/", `/posts/${posts[1]!.id}`, `/c/${posts[1]!.category.id}`, `/u/${encodeURIComponent(posts[1]!.author.username)}`];
    // A server that has been running: every page a few times, then quiet past V8's 8 s reducer delay.
    for (let i = 0; i < 4; i++) for (const p of pages) await view(p);
    await sleep(12_000);
    const cpu = () => tree().reduce((s, p) => s + procTicks(p), 0) * 10;
    const start = cpu(),
      t0 = Date.now();
    let views = 0;
    while (Date.now() - t0 < Number(args.seconds) * 1000) {
      const v0 = Date.now();
      await view(pages[views % pages.length]!);
      views++;
      await sleep(Math.max(0, Number(args.pace) - (Date.now() - v0)));
    }
    const cpuMs = cpu() - start;
    const rssMb = tree().reduce((s, p) => {
      try {
        return s + Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, "utf8"))![1]) / 1024;
      } catch {
        return s;
      }
    }, 0);
    return { views, cpuMs, rssMb };
  } finally {
    const exited = new Promise((r) => server.once("exit", r));
    server.kill("SIGTERM");
    await exited; // the next run binds the same port
  }
}

async function main() {
  if (!DB_URL) throw new Error("DATABASE_URL: a bench:seed database");
  const sql = postgres(DB_URL, { max: 1 });
  const [row] = await sql<{ n: number }[]>`select count(*)::int as n from posts`;
  const n = row!.n;
  await sql.end();
  const lines = [
    `# Sparse anonymous views (${args.label}): V8's memory reducer on and off`,
    "",
    `- Command: \`DATABASE_URL=… npx tsx bench/sparse-views.ts --seconds ${args.seconds} --pace ${args.pace} --rounds ${args.rounds} --label ${args.label}\``,
    `- Date: ${new Date().toISOString()}; ${os.cpus().length} cores; ${n.toLocaleString("en")} posts on the Postgres server`,
    `- One view every ${args.pace} ms (home, post, category, profile in turn; the document, then its event stream for 1 s) for ${args.seconds} s; server CPU (process tree, /proc) over the whole run, idle included.`,
    "",
    "| memory reducer | views | server CPU ms | per view ms | RSS at the end MB |",
    "|---|---|---|---|---|",
  ];
  for (let round = 0; round < Number(args.rounds); round++) {
    for (const reducer of round % 2 ? [false, true] : [true, false]) {
      console.log(`[sparse] round ${round + 1}: memory reducer ${reducer ? "on" : "off"}, ${args.seconds} s…`);
      const r = await run(reducer);
      const line = `| ${reducer ? "on" : "off"} | ${r.views} | ${r.cpuMs} | ${(r.cpuMs / r.views).toFixed(1)} | ${r.rssMb.toFixed(0)} |`;
      console.log(`[sparse] ${line}`);
      lines.push(line);
    }
  }
  const file = `bench/results/memory-reducer-${args.label}.txt`;
  writeFileSync(file, lines.join("\n") + "\n");
  console.log(`[sparse] wrote ${file}`);
}
main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
