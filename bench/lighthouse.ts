// npm run bench:lighthouse [-- --label X --dist .next-bench --port 3251 --runs 5 --no-floor]
//
// Lighthouse mobile performance (the target: ≥ 95, TBT < 200 ms) for the anonymous home
// page and a post page, beside the framework's floor: a hello-world Next.js App Router page
// (bench/floor-app: a root layout and one static page, built with this project's Next.js and React), so
// that what the page adds can be told from what any App Router page costs on the same machine.
//
// Starts the server (server.ts) on the database of DATABASE_URL (or a fresh embedded database with the demo
// content), and `next start` on the floor app; then runs Lighthouse (`npx lighthouse@12`, Debian's
// Chromium, default mobile settings: simulated throttling) `--runs` times per page, the pages taken in
// turn so that a noisy minute of the machine falls on all of them. Writes bench/results/lighthouse-<label>.md:
// every run's score, FCP, LCP, TBT, SI and CLS, the medians, and the FCP observed in the unthrottled
// trace: Chromium here sometimes presents the first frame a second late (the renderer begins no frame in
// between, whatever the page), and Lighthouse then counts every script that ran before it in FCP and LCP.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { serverEntry, serverNodeArgs } from "../scripts/server-node-args.mjs";
import { percentile, waitForServer } from "./common";

const { values: args } = parseArgs({
  args: process.argv.slice(2),
  options: {
    label: { type: "string", default: "current" },
    dist: { type: "string", default: ".next-bench" },
    port: { type: "string", default: "3251" },
    runs: { type: "string", default: "5" },
    "no-floor": { type: "boolean", default: false },
  },
});
const PORT = Number(args.port);
const FLOOR_PORT = PORT + 1;
const RUNS = Number(args.runs);
const DIST = args.dist!;
const DB_URL = process.env.DATABASE_URL;
const CHROME = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const FLOOR_DIR = "bench/floor-app";
const OUT = path.resolve(".tmp-lighthouse");

type Run = { score: number; fcp: number; lcp: number; tbt: number; si: number; cls: number; observedFcp: number; benchmarkIndex: number };

function build(dir: string | null, distDir?: string) {
  console.log(`[lighthouse] building ${dir ?? "the forum"} (next build)…`);
  const r = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build", ...(dir ? [dir] : [])], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, ...(distDir ? { NEXT_DIST_DIR: distDir } : {}) },
  });
  if (r.status !== 0) throw new Error(`next build ${dir ?? ""} failed`);
}

function lighthouse(url: string, file: string): Run {
  const r = spawnSync(
    "npx",
    [
      "-y",
      "lighthouse@12",
      url,
      "--only-categories=performance",
      "--output=json",
      `--output-path=${file}`,
      "--quiet",
      "--chrome-flags=--headless=new --no-sandbox",
    ],
    { env: { ...process.env, CHROME_PATH: CHROME }, stdio: ["ignore", "ignore", "inherit"], timeout: 180_000 },
  );
  if (r.status !== 0 || !existsSync(file)) throw new Error(`lighthouse ${url} failed (exit ${r.status})`);
  const lhr = JSON.parse(readFileSync(file, "utf8"));
  const a = lhr.audits;
  const n = (k: string) => Math.round(a[k].numericValue as number);
  return {
    score: Math.round(lhr.categories.performance.score * 100),
    fcp: n("first-contentful-paint"),
    lcp: n("largest-contentful-paint"),
    tbt: n("total-blocking-time"),
    si: n("speed-index"),
    cls: Number(a["cumulative-layout-shift"].numericValue),
    observedFcp: Math.round(a.metrics.details.items[0].observedFirstContentfulPaint),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
  };
}

/** The forum's server (server.ts), or with `floorDir` the floor app's `next start`. */
function start(cmdArgs: string[], env: NodeJS.ProcessEnv, floorDir?: string): ChildProcess {
  const entry = floorDir ? ["node_modules/next/dist/bin/next", "start", floorDir] : serverEntry();
  return spawn(process.execPath, [...serverNodeArgs(), ...entry, ...cmdArgs], {
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
}

const median = (xs: number[]) => percentile(xs, 50);

async function main() {
  if (!existsSync(path.join(DIST, "BUILD_ID"))) build(null, DIST);
  const floor = !args["no-floor"];
  if (floor && !existsSync(path.join(FLOOR_DIR, ".next", "BUILD_ID"))) build(FLOOR_DIR);
  const dataDir = path.resolve("data-bench-lighthouse");
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NEXT_DIST_DIR: DIST,
    DATA_DIR: dataDir,
    NODE_ENV: "production",
    SEED_DEMO: DB_URL ? "0" : "1",
  };
  if (!DB_URL) delete env.DATABASE_URL;
  console.log(
    `[lighthouse] starting the forum on ${DB_URL ? "the Postgres server" : "a new embedded database with demo content"}${floor ? " and the floor app" : ""}…`,
  );
  const servers = [start(["-p", String(PORT), "-H", "127.0.0.1"], env)];
  if (floor) servers.push(start(["-p", String(FLOOR_PORT), "-H", "127.0.0.1"], { ...process.env, NODE_ENV: "production" }, FLOOR_DIR));
  try {
    const base = `http://127.0.0.1:${PORT}`;
    await waitForServer(`${base}/api/health`);
    if (floor) await waitForServer(`http://127.0.0.1:${FLOOR_PORT}/`);
    const posts = (await (await fetch(`${base}/api/posts?pageSize=5`)).json()) as { id: number }[];
    const pages = [
      { page: "home", url: `${base}/` },
      { page: "post", url: `${base}/posts/${posts[1]!.id}` },
      { page: "profile", url: `${base}/u/alice` },
      { page: "search", url: `${base}/search?q=lens` },
      ...(floor ? [{ page: "floor (hello-world App Router page)", url: `http://127.0.0.1:${FLOOR_PORT}/` }] : []),
    ];
    // One load of each first: the servers' first renders and the page cache's first fill are not measured.
    for (const p of pages) await fetch(p.url).then((r) => r.text());
    const runs = new Map(pages.map((p) => [p.page, [] as Run[]]));
    for (let i = 0; i < RUNS; i++) {
      for (const [k, p] of pages.entries()) {
        const r = lighthouse(p.url, path.join(OUT, `${i}-${k}.json`));
        runs.get(p.page)!.push(r);
        console.log(
          `[lighthouse] run ${i + 1}/${RUNS} ${p.page}: score ${r.score}, FCP ${r.fcp}, LCP ${r.lcp}, TBT ${r.tbt} ms (first paint observed at ${r.observedFcp} ms)`,
        );
      }
    }
    const chromium = spawnSync(CHROME, ["--version"], { encoding: "utf8" }).stdout.trim();
    const lines = [
      `# Lighthouse mobile: ${args.label}`,
      "",
      `\`npm run bench:lighthouse -- --label ${args.label} --runs ${RUNS}\` on ${DB_URL ? `the Postgres server (${new URL(DB_URL).pathname.slice(1)})` : "the embedded database with demo content"},`,
      `${os.cpus().length} CPUs, ${chromium}, Lighthouse 12 (mobile, simulated throttling), ${new Date().toISOString().slice(0, 10)}. Pages in turn, ${RUNS} runs each;`,
      `"first paint observed": the first contentful paint in the unthrottled trace (a late one is Chromium presenting its first frame late).`,
      "",
      "| page | score (median) | FCP | LCP | TBT (median) | SI | CLS | first paint observed | benchmark index |",
      "|---|---|---|---|---|---|---|---|---|",
    ];
    for (const p of pages) {
      const rs = runs.get(p.page)!;
      const col = (k: keyof Run) => `${rs.map((r) => r[k]).join(", ")} (${median(rs.map((r) => r[k]))})`;
      lines.push(
        `| ${p.page} | ${col("score")} | ${median(rs.map((r) => r.fcp))} | ${median(rs.map((r) => r.lcp))} | ${col("tbt")} | ${median(rs.map((r) => r.si))} | ${Math.max(...rs.map((r) => r.cls)).toFixed(3)} | ${rs.map((r) => r.observedFcp).join(", ")} | ${median(rs.map((r) => r.benchmarkIndex))} |`,
      );
    }
    lines.push("", "Target: score ≥ 95 and TBT < 200 ms on the home and post pages.", "");
    mkdirSync("bench/results", { recursive: true });
    const file = `bench/results/lighthouse-${args.label}.md`;
    writeFileSync(file, lines.join("\n"));
    console.log(lines.join("\n"));
    console.log(`[lighthouse] wrote ${file}`);
  } finally {
    for (const s of servers) s.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
