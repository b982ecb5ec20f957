// npm run bench:pages [-- --brand --label after --dist .next-bench --port 3241 --settle 4000 --views 8 --warmup 3 --who both|anonymous|signed-in|none --detail --load-seconds 5 --load-rounds 3 --load-warmup 5]
//
// What a page view costs the server, measured in the browser. Starts the server (server.ts) on the
// database of DATABASE_URL, or on a fresh embedded database with the demo content when it is unset,
// then opens each page in Debian's Chromium, anonymous and signed in. For every view it records the
// requests the browser sent to the server in the view plus `--settle` ms of idle (prefetches included),
// split into static files and server work, the bytes of HTML + RSC, and the server CPU the view cost
// (the server process tree plus, on a Postgres server, this database's backends, from /proc). The same
// CPU figure for one anonymous `GET /api/posts` is measured beside it. Writes bench/results/pages-<label>.md.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium, type BrowserContext } from "@playwright/test";
import autocannon from "autocannon";
import postgres from "postgres";
import sharp from "sharp";
import { serverEntry, serverNodeArgs } from "../scripts/server-node-args.mjs";
import { percentile, waitForServer } from "./common";
import { procTicks, processTree } from "./proc";

const { values: args } = parseArgs({
  args: process.argv.slice(2),
  options: {
    label: { type: "string", default: "current" },
    dist: { type: "string", default: ".next-bench" },
    port: { type: "string", default: "3241" },
    settle: { type: "string", default: "4000" },
    views: { type: "string", default: "8" },
    warmup: { type: "string", default: "3" },
    "load-seconds": { type: "string", default: "5" },
    // Write load: pairs of runs (quiet, then with the background), alternating; the median pair's ratio is reported.
    "load-rounds": { type: "string", default: "3" },
    // Seconds of load with the background before the pairs of each path (not measured).
    "load-warmup": { type: "string", default: "5" },
    // Which views to measure: "anonymous", "signed-in" or "both" (a paired before/after of one side), or
    // "none": the write-load section alone.
    who: { type: "string", default: "both" },
    // Print, for every view, where its server CPU went: the server process tree, and each Postgres
    // backend by type and application (client backends, autovacuum workers, …), and the requests sent.
    detail: { type: "boolean", default: false },
    // Measure a branded forum (issue 61): before the views, the demo admin sets a site name, description,
    // accent colour, banner, header and footer links, both logos and the app icon.
    brand: { type: "boolean", default: false },
  },
});
const PORT = Number(args.port);
const BASE = `http://127.0.0.1:${PORT}`;
const SETTLE = Number(args.settle);
const VIEWS = Number(args.views);
const DIST = args.dist!;
const DB_URL = process.env.DATABASE_URL;
const CLK_MS = 10; // one /proc tick = 10 ms
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The p-th percentile of a sample, rounded to whole ms ("-" when empty). */
const pct = (xs: number[], p: number) => (xs.length ? Math.round(percentile(xs, p)).toString() : "-");

type ViewRow = {
  page: string;
  who: string;
  requests: number;
  serverRequests: number;
  bytes: number;
  wireBytes: number;
  cpuMs: number;
  status: number;
};

function isStatic(url: URL): boolean {
  return (
    url.pathname.startsWith("/_next/static/") ||
    /\.(png|jpe?g|webp|gif|svg|ico|woff2?|css|js)$/.test(url.pathname) ||
    url.pathname.startsWith("/uploads/") ||
    url.pathname.startsWith("/api/avatars/")
  );
}

/** The branded settings of --brand, set through the admin API as an admin would (embedded demo: `admin`). */
async function brand() {
  if (DB_URL) throw new Error("--brand runs on the embedded demo forum (its admin account): unset DATABASE_URL");
  const login = await fetch(`${BASE}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "admin", password: process.env.DEMO_PASSWORD || "demo-password" }),
  });
  const { token } = (await login.json()) as { token?: string };
  if (!token) throw new Error(`--brand: the admin could not sign in (${login.status})`);
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const put = await fetch(`${BASE}/api/admin/config`, {
    method: "PUT",
    headers,
    body: JSON.stringify({
      siteName: "Harbour Makers",
      siteDescription: "Boats, tools and the people who build with them",
      accentColor: "#0f6e56",
      bannerMarkdown: "The **spring meet-up** is on 14 March: [details](/posts/1)",
      bannerAudience: "ALL",
      links: [
        { label: "Wiki", url: "https://example.org/wiki", place: "header" },
        { label: "Code of conduct", url: "/guidelines", place: "footer" },
      ],
    }),
  });
  if (put.status !== 200) throw new Error(`--brand: PUT /api/admin/config answered ${put.status}: ${await put.text()}`);
  const og = readFileSync(path.resolve("public/og-image.png"));
  const logo = await sharp(og).resize(480, 120, { fit: "cover" }).png().toBuffer();
  const icon = await sharp(og).resize(512, 512, { fit: "cover" }).png().toBuffer();
  for (const [kind, bytes] of [
    ["logo-light", logo],
    ["logo-dark", logo],
    ["icon", icon],
  ] as const) {
    const file = `data:image/png;base64,${bytes.toString("base64")}`;
    const r = await fetch(`${BASE}/api/admin/config/images/${kind}`, { method: "POST", headers, body: JSON.stringify({ file }) });
    if (r.status !== 200) throw new Error(`--brand: the ${kind} upload answered ${r.status}: ${await r.text()}`);
  }
  console.log("[pages] branded: name, description, accent, banner, links, both logos and the icon set");
}

async function main() {
  if (!existsSync(path.join(DIST, "BUILD_ID"))) throw new Error(`no build in ${DIST}: run NEXT_DIST_DIR=${DIST} npx next build first`);
  const dataDir = path.resolve("data-bench-pages");
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NEXT_DIST_DIR: DIST,
    DATA_DIR: dataDir,
    NODE_ENV: "production",
    PORT: String(PORT),
    SEED_DEMO: DB_URL ? "0" : "1",
    TEST_RATE_LIMITS: "login=1000,comments=1000000",
  };
  if (!DB_URL) delete env.DATABASE_URL;
  console.log(`[pages] starting the server on ${DB_URL ? "the Postgres server" : "a new embedded database with demo content"}…`);
  // BENCH_NODE_FLAGS adds V8 flags to the server (e.g. "--trace-gc", "--cpu-prof"); its output is shown.
  const extra = (process.env.BENCH_NODE_FLAGS ?? "").split(" ").filter(Boolean);
  const server: ChildProcess = spawn(
    process.execPath,
    [...serverNodeArgs(), ...extra, ...serverEntry(), "-p", String(PORT), "-H", "127.0.0.1"],
    { env, stdio: ["ignore", extra.length ? "inherit" : "ignore", "inherit"] },
  );
  const sql = DB_URL ? postgres(DB_URL, { max: 1, onnotice: () => {} }) : null;
  const dbName = DB_URL ? new URL(DB_URL).pathname.slice(1) : "";
  // Which part of the system a pid is, for --detail: "server", or the backend's type (and application).
  const kindOf = new Map<number, string>();
  const backends = async () => {
    if (!sql) return [];
    const rows = await sql<{ pid: number; backend_type: string; application_name: string }[]>`
      select pid, backend_type, application_name from pg_stat_activity where datname = ${dbName} and pid <> pg_backend_pid()`;
    for (const r of rows) kindOf.set(r.pid, `pg ${r.backend_type}${r.application_name ? ` (${r.application_name})` : ""}`);
    return rows.map((r) => r.pid);
  };
  const cpuTicks = async () => {
    const pids = [...processTree(server.pid!), ...(await backends())];
    return new Map(pids.map((p) => [p, procTicks(p)]));
  };
  let lastSplit = new Map<string, number>();
  const cpuSince = async (before: Map<number, number>) => {
    let t = 0;
    lastSplit = new Map();
    for (const [p, v] of await cpuTicks()) {
      const d = v - (before.get(p) ?? 0);
      t += d;
      const k = kindOf.get(p) ?? "server";
      if (d) lastSplit.set(k, (lastSplit.get(k) ?? 0) + d * CLK_MS);
    }
    return t * CLK_MS;
  };
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--headless",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  try {
    await waitForServer(`${BASE}/api/health`);
    if (args.brand) await brand();
    const posts = (await (await fetch(`${BASE}/api/posts?pageSize=5`)).json()) as {
      id: number;
      category: { id: number };
      author: { username: string };
    }[];
    // The pages viewed show the second-newest post; the write load comments on the newest (which is on
    // the home page, so each comment really changes it), never on the post page being measured.
    const first = posts[1]!;
    const busyPost = posts[0]!;
    const pages = [
      { page: "home", path: "/" },
      { page: "post", path: `/posts/${first.id}` },
      { page: "category", path: `/c/${first.category.id}` },
      { page: "profile", path: `/u/${first.author.username}` },
    ];
    const anon = await browser.newContext();
    const member = await browser.newContext();
    // The signed-in views are a typical member's: not staff, no ONLY_ME posts of their own (4 in 5 of the
    // seeded members), so their list pages are the members' shared ones (lib/front/page-cache.ts).
    const memberName = sql
      ? ((
          await sql<{ username: string }[]>`select username from users u where role = 'USER' and username like 'user%'
          and not exists (select 1 from posts p where p.author_id = u.id and p.visible_scope = 'ONLY_ME') order by id limit 1`
        )[0]?.username ?? "user4")
      : "bob";
    {
      const p = await member.newPage();
      await p.goto(`${BASE}/login`);
      await p.getByLabel("Username or email").fill(memberName);
      await p.getByLabel("Password").fill(DB_URL ? "bench-password" : process.env.DEMO_PASSWORD || "demo-password");
      await p.getByRole("button", { name: "Sign in" }).click();
      await p.waitForURL((u) => u.pathname === "/");
      await p.close();
    }
    const view = async (ctx: BrowserContext, who: string, page: string, p: string): Promise<ViewRow> => {
      const tab = await ctx.newPage();
      let requests = 0,
        serverRequests = 0,
        bytes = 0,
        wireBytes = 0;
      const sent: string[] = [];
      tab.on("request", (req) => {
        const u = new URL(req.url());
        if (u.host !== new URL(BASE).host) return;
        requests++;
        if (!isStatic(u)) serverRequests++;
        if (!isStatic(u)) sent.push(`${req.method()} ${u.pathname}${u.search}`);
      });
      tab.on("response", async (res) => {
        const u = new URL(res.url());
        if (u.host !== new URL(BASE).host || isStatic(u)) return;
        const body = await res.body().catch(() => null);
        if (body) bytes += body.length;
        // As sent (compressed), body only.
        const sizes = await res
          .request()
          .sizes()
          .catch(() => null);
        if (sizes) wireBytes += sizes.responseBodySize;
      });
      await sleep(300);
      const before = await cpuTicks();
      const res = await tab.goto(BASE + p, { waitUntil: "load" });
      await sleep(SETTLE);
      const cpuMs = await cpuSince(before);
      await tab.close();
      if (args.detail) {
        const split = [...lastSplit]
          .sort((a, b) => b[1] - a[1])
          .map(([k, v]) => `${k} ${v}`)
          .join(", ");
        console.log(`[pages]   ${who} ${page}: ${cpuMs} ms = ${split || "nothing"}; sent: ${sent.join(", ")}`);
      }
      return { page, who, requests, serverRequests, bytes, wireBytes, cpuMs, status: res?.status() ?? 0 };
    };
    // What the server spends with nobody asking (scheduler passes, event-stream heartbeats, V8's idle
    // garbage collections) in the same time as one view: measured in windows of the same length
    // interleaved with the views of each page (idle, view, view, idle, …), so that whatever the server
    // does on its own timers falls into views and idle windows alike; "net" subtracts their mean.
    // /proc counts in 10 ms ticks, a view is a few ticks: CPU figures are means over the views (and the
    // windows), which the quantization does not bias; the median net is shown beside the mean net.
    const idleWindow = async () => {
      await sleep(300);
      const before = await cpuTicks();
      await sleep(SETTLE);
      const ms = await cpuSince(before);
      if (args.detail) console.log(`[pages]   idle: ${ms} ms = ${[...lastSplit].map(([k, v]) => `${k} ${v}`).join(", ") || "nothing"}`);
      return ms;
    };
    const WARMUP = Number(args.warmup);
    // A server that has been running: every page once in both roles, then quiet for longer than V8's
    // memory reducer waits (8 s), so the start-up's heap growth and its garbage collections, and the
    // first compilation of each page's code, are behind us before anything is measured.
    for (const who of ["anonymous", "signed in"] as const)
      for (const pg of pages) await view(who === "anonymous" ? anon : member, who, pg.page, pg.path);
    await sleep(12_000);
    const rows: (ViewRow & { idleMs: number; netMedian: number })[] = [];
    const measured = (["anonymous", "signed in"] as const).filter((w) => args.who === "both" || args.who === w.replace(" ", "-"));
    if (!measured.length && args.who !== "none") throw new Error(`--who: anonymous, signed-in, both or none, not ${args.who}`);
    for (const who of measured) {
      const ctx = who === "anonymous" ? anon : member;
      for (const pg of pages) {
        // Warm-up: compiled code paths (V8 optimizes a function after it has run a few times), pools, caches.
        for (let i = 0; i < WARMUP; i++) await view(ctx, who, pg.page, pg.path);
        const runs: ViewRow[] = [];
        const idle: number[] = [];
        for (let i = 0; i < VIEWS; i++) {
          if (i % 4 === 0 || i % 4 === 3) idle.push(await idleWindow());
          runs.push(await view(ctx, who, pg.page, pg.path));
          if (i % 4 === 0 || i % 4 === 3) continue;
          idle.push(await idleWindow());
        }
        const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
        const mean = (xs: number[]) => xs.reduce((t, x) => t + x, 0) / xs.length;
        const med = (f: (r: ViewRow) => number) => median(runs.map(f));
        const idleMs = Math.round(mean(idle));
        const row = {
          page: pg.page,
          who,
          requests: med((r) => r.requests),
          serverRequests: med((r) => r.serverRequests),
          bytes: med((r) => r.bytes),
          wireBytes: med((r) => r.wireBytes),
          cpuMs: Math.round(mean(runs.map((r) => r.cpuMs))),
          status: runs[0]!.status,
          idleMs,
          netMedian: Math.max(0, median(runs.map((r, i) => r.cpuMs - idle[i]!))),
        };
        rows.push(row);
        console.log(
          `[pages] ${who} ${pg.page} (${pg.path}): ${row.status}, ${row.requests} requests (${row.serverRequests} to the server), ${(row.bytes / 1024).toFixed(1)} KB HTML+RSC+JSON (${(row.wireBytes / 1024).toFixed(1)} KB sent), ${row.cpuMs} ms server CPU, ${idleMs} ms idle in the same time`,
        );
      }
    }
    // One API read for comparison: CPU per request over 200 sequential anonymous GET /api/posts.
    for (let i = 0; i < 20; i++) await (await fetch(`${BASE}/api/posts`)).arrayBuffer();
    const before = await cpuTicks();
    for (let i = 0; i < 200; i++) await (await fetch(`${BASE}/api/posts`)).arrayBuffer();
    const apiCpu = (await cpuSince(before)) / 200;
    console.log(`[pages] GET /api/posts: ${apiCpu.toFixed(2)} ms server CPU per request`);

    // Write load: anonymous `GET /api/posts` and home page req/s at 20 connections, quiet and then with
    // 5 comments/s and 2 markdown previews/s from a member in the background.
    const LOAD_S = Number(args["load-seconds"]);
    const WARM_S = Number(args["load-warmup"]);
    const rps = async (p: string, seconds = LOAD_S) =>
      (await autocannon({ url: BASE + p, connections: 20, duration: seconds })).requests.average;
    const login = await fetch(`${BASE}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        username: DB_URL ? "user4" : "alice",
        password: DB_URL ? "bench-password" : process.env.DEMO_PASSWORD || "demo-password",
      }),
    });
    const token = ((await login.json()) as { token?: string }).token;
    // CPU time the hypervisor gave to others while this machine wanted it (/proc/stat "steal", in ticks
    // of 10 ms over both cores): a window with much of it measures the neighbours, not the forum.
    const steal = () => Number(readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/)[8] ?? 0);
    // commentMs: each comment's response time in the busy run (the writer's side: its commit and the stamp of the pages it changed).
    type Pair = { quiet: number; busy: number; ratio: number; comments: number; previews: number; stealMs: number; commentMs: number[] };
    const load: { path: string; pairs: Pair[]; median: Pair }[] = [];
    const ROUNDS = Math.max(1, Number(args["load-rounds"]));
    if (token) {
      const auth = { authorization: `Bearer ${token}`, "content-type": "application/json" };
      // The background: 5 comments/s on the home page's newest post and 2 previews/s, on a fixed schedule,
      // not one after another (a write that is slow under the read load must not lower the write rate the
      // background is meant to hold). `stop` ends it and gives what it got done.
      const background = () => {
        let stop = false;
        let comments = 0,
          previews = 0;
        const commentMs: number[] = [];
        const every = (ms: number, fn: () => Promise<unknown>) =>
          (async () => {
            const inflight: Promise<unknown>[] = [];
            while (!stop) {
              inflight.push(fn().catch(() => {}));
              await sleep(ms);
            }
            await Promise.all(inflight);
          })();
        const bg = [
          every(200, async () => {
            const t0 = performance.now();
            const r = await fetch(`${BASE}/api/posts/${busyPost.id}/comments`, {
              method: "POST",
              headers: auth,
              body: JSON.stringify({ content: `load ${Date.now()} ${Math.random()}` }),
            });
            await r.arrayBuffer();
            if (r.ok) {
              comments++;
              commentMs.push(performance.now() - t0);
            }
          }),
          every(500, async () => {
            const r = await fetch(`${BASE}/api/markdown/preview`, {
              method: "POST",
              headers: auth,
              body: JSON.stringify({ markdown: `**typing ${Math.random()}**` }),
            });
            await r.arrayBuffer();
            if (r.ok) previews++;
          }),
        ];
        return async () => {
          stop = true;
          await Promise.all(bg);
          return { comments, previews, commentMs };
        };
      };
      for (const p of ["/api/posts", "/"]) {
        // Warm-up, not measured: the path under load with the background. The pairs measure a server in
        // its steady state under writes; the first seconds of writes in a process run the comment and
        // render code before V8 has optimized it (on a fresh server measured on `/` alone, pairs read
        // 0.56-0.74 without a warm-up, 0.66-0.85 after one), which is a start-up cost, not the write load's.
        if (WARM_S > 0) {
          const stopWarm = background();
          await rps(p, WARM_S);
          await stopWarm();
        }
        const pairs: Pair[] = [];
        for (let round = 0; round < ROUNDS; round++) {
          const stolen = steal();
          const quiet = await rps(p);
          const stopBg = background();
          const busy = await rps(p);
          const { comments, previews, commentMs } = await stopBg();
          const pair = { quiet, busy, ratio: busy / quiet, comments, previews, stealMs: (steal() - stolen) * CLK_MS, commentMs };
          pairs.push(pair);
          console.log(
            `[pages] ${p} (${round + 1}/${ROUNDS}): ${quiet.toFixed(0)} req/s quiet, ${busy.toFixed(0)} req/s with ${comments} comments and ${previews} previews committed/answered in the background (${pair.ratio.toFixed(2)}; ${pair.stealMs} ms stolen by the hypervisor; a comment took ${pct(commentMs, 50)} ms median, ${pct(commentMs, 95)} ms p95)`,
          );
        }
        const median = [...pairs].sort((a, b) => a.ratio - b.ratio)[Math.floor(pairs.length / 2)]!;
        load.push({ path: p, pairs, median });
        console.log(`[pages] ${p}: median ratio ${median.ratio.toFixed(2)} over ${pairs.length} pairs`);
      }
    }

    const date = new Date().toISOString();
    const lines = [
      `# Page views in the browser (${args.label})`,
      "",
      `- Command: \`${DB_URL ? `DATABASE_URL=${DB_URL} ` : ""}npm run bench:pages -- ${process.argv.slice(2).join(" ")}\``.replace(
        / `$/,
        "`",
      ),
      `- Date: ${date}; ${os.cpus().length} cores, load average at start ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}; database: ${DB_URL ? "Postgres server" : "embedded PGlite, demo content"}`,
      ...(!rows.length
        ? [
            "- Page views: not measured (`--who none`: the write-load section alone, after a start-up round: every page once, then 12 s quiet).",
          ]
        : [
            `- Each figure is over ${VIEWS} views of the page after ${WARMUP} warm-up views (and after a start-up round: every page once, then 12 s quiet); a view is the navigation plus ${SETTLE} ms idle, everything the browser requested in that time. Requests and bytes: the median; server CPU: the mean (the server process tree plus this database's Postgres backends). Signed in as \`${memberName}\`, a member who is not staff and has no private posts.`,
            "",
            `- Idle: the server CPU in ${VIEWS} windows of the same length with nobody asking, interleaved with the page's views (idle, view, view, idle, …): scheduler passes every 2 s, heartbeats, V8's idle-time garbage collections. "Net" is the mean view minus the mean idle window; "median net" the median of each view minus its paired window. /proc counts in 10 ms ticks, so a single view or window reads as a multiple of 10 ms.`,
            "",
            "| page | who | status | requests | to the server (not static) | HTML+RSC+JSON KB | same, as sent (compressed) KB | server CPU ms | idle ms | net | median net | net × one GET /api/posts |",
            "|---|---|---|---|---|---|---|---|---|---|---|---|",
          ]),
      ...rows.map(
        (r) =>
          `| ${r.page} | ${r.who} | ${r.status} | ${r.requests} | ${r.serverRequests} | ${(r.bytes / 1024).toFixed(1)} | ${(r.wireBytes / 1024).toFixed(1)} | ${r.cpuMs} | ${r.idleMs} | ${Math.max(0, r.cpuMs - r.idleMs)} | ${r.netMedian} | ${(Math.max(0, r.cpuMs - r.idleMs) / apiCpu).toFixed(1)} |`,
      ),
      "",
      `One anonymous \`GET /api/posts\`: ${apiCpu.toFixed(2)} ms server CPU.`,
      "",
      `## Under write load (20 connections, ${LOAD_S} s each; background: 5 comments/s and 2 markdown previews/s by a member)`,
      "",
      `${WARM_S > 0 ? `After ${WARM_S} s of load with the background (not measured: the write path's code warms up), ` : "On a server that has not taken writes under load yet (no warm-up), "}${ROUNDS} pairs per path, alternating: ${LOAD_S} s quiet, then ${LOAD_S} s with the background. The figure is the median pair's ratio; "stolen" is the CPU time the hypervisor gave to other machines during the pair (/proc/stat), which lowers whichever run it falls in.`,
      "",
      "| anonymous | req/s quiet | req/s with the background | ratio | a comment's response, median / p95 ms (all pairs) | each pair (quiet → busy, stolen ms) |",
      "|---|---|---|---|---|---|",
      ...load.map((l) => {
        const all = l.pairs.flatMap((x) => x.commentMs);
        return `| \`${l.path}\` | ${l.median.quiet.toFixed(0)} | ${l.median.busy.toFixed(0)} | ${l.median.ratio.toFixed(2)} | ${pct(all, 50)} / ${pct(all, 95)} | ${l.pairs.map((x) => `${x.quiet.toFixed(0)} → ${x.busy.toFixed(0)} (${x.ratio.toFixed(2)}, ${x.stealMs})`).join("; ")} |`;
      }),
      "",
    ];
    mkdirSync("bench/results", { recursive: true });
    const out = `bench/results/pages-${args.label}.md`;
    writeFileSync(out, lines.join("\n"));
    console.log(`[pages] wrote ${out}`);
  } finally {
    await browser.close();
    server.kill("SIGTERM");
    await sql?.end();
    await sleep(2000);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
