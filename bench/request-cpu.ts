// DATABASE_URL=… [N=80] [ONLY="member|write"] [MEMBER=user13] [PROF=1] [DIST=.next-bench] npx tsx bench/request-cpu.ts
//
// Server CPU per request, by kind: the pieces a page view is made of (a cached document, a
// render, the event stream, the member's page-state), each requested N times in a row against
// the server (server.ts) on a bench:seed database (build: NEXT_DIST_DIR=.next-bench npx next build), the server
// process tree plus this database's backends from /proc. PROF=1 writes a V8 CPU profile to /tmp/prof.
// Signs in (Chromium) as MEMBER, bench password.
import { spawn } from "node:child_process";
import path from "node:path";
import { chromium } from "@playwright/test";
import postgres from "postgres";
import { serverEntry, serverNodeArgs } from "../scripts/server-node-args.mjs";
import { procTicks, processTree } from "./proc";
const PORT = 3243,
  BASE = `http://127.0.0.1:${PORT}`,
  DB_URL = process.env.DATABASE_URL!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function main() {
  const env = {
    ...process.env,
    NEXT_DIST_DIR: process.env.DIST || ".next-bench",
    DATA_DIR: path.resolve("data-bench-attr"),
    NODE_ENV: "production",
    PORT: String(PORT),
    SEED_DEMO: "0",
    TEST_RATE_LIMITS: "login=1000,comments=100000",
  } as NodeJS.ProcessEnv;
  const server = spawn(
    process.execPath,
    [
      ...serverNodeArgs(),
      ...(process.env.PROF ? ["--cpu-prof", "--cpu-prof-dir=/tmp/prof"] : []),
      ...serverEntry(),
      "-p",
      String(PORT),
      "-H",
      "127.0.0.1",
    ],
    { env, stdio: ["ignore", "ignore", "inherit"] },
  );
  const sql = postgres(DB_URL, { max: 1, onnotice: () => {} });
  const dbName = new URL(DB_URL).pathname.slice(1);
  const ticks = async () => {
    const pids = [
      ...processTree(server.pid!),
      ...(await sql<{ pid: number }[]>`select pid from pg_stat_activity where datname = ${dbName} and pid <> pg_backend_pid()`).map(
        (r) => r.pid,
      ),
    ];
    return new Map(pids.map((p) => [p, procTicks(p)]));
  };
  const tree = () => new Set(processTree(server.pid!));
  let dbPart = 0;
  const since = async (b: Map<number, number>) => {
    let t = 0;
    dbPart = 0;
    const tr = tree();
    for (const [p, v] of await ticks()) {
      const d = v - (b.get(p) ?? 0);
      t += d;
      if (!tr.has(p)) dbPart += d;
    }
    dbPart *= 10;
    return t * 10;
  };
  try {
    for (let i = 0; ; i++) {
      const r = await fetch(`${BASE}/api/health`).catch(() => null);
      if (r?.status === 200) break;
      await sleep(200);
    }
    const posts = (await (await fetch(`${BASE}/api/posts?pageSize=20`)).json()) as { id: number; author: { username: string } }[];
    const author = posts[1]!.author.username;
    const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--headless"] });
    const ctx = await browser.newContext();
    const p = await ctx.newPage();
    await p.goto(`${BASE}/login`);
    await p.getByLabel("Username or email").fill(process.env.MEMBER || "user13");
    await p.getByLabel("Password").fill("bench-password");
    await p.getByRole("button", { name: "Sign in" }).click();
    await p.waitForURL((u) => u.pathname === "/");
    const cookie = (await ctx.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    await browser.close();
    const N = Number(process.env.N || 60);
    // A bearer token for the writes (the write-load background of bench:pages: comments and previews).
    const login = await fetch(`${BASE}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: process.env.WRITER || "user4", password: "bench-password" }),
    });
    const auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}`, "content-type": "application/json" };
    const comment = async () => {
      const r = await fetch(`${BASE}/api/posts/${posts[0]!.id}/comments`, {
        method: "POST",
        headers: auth,
        body: JSON.stringify({ content: `load ${Date.now()} ${Math.random()}` }),
      });
      if (r.status !== 201) throw new Error(`comment: ${r.status}`);
      await r.arrayBuffer();
    };
    const kinds: [string, () => Promise<unknown>][] = [
      ["anon / (cache hit)", async () => (await fetch(`${BASE}/`)).arrayBuffer()],
      ["anon / (cache hit, gzip)", async () => (await fetch(`${BASE}/`, { headers: { "accept-encoding": "gzip" } })).arrayBuffer()],
      [
        "anon post (cache hit, gzip)",
        async () => (await fetch(`${BASE}/posts/${posts[1]!.id}`, { headers: { "accept-encoding": "gzip" } })).arrayBuffer(),
      ],
      ["anon post (cache hit)", async () => (await fetch(`${BASE}/posts/${posts[1]!.id}`)).arrayBuffer()],
      [
        "sse open+close anon",
        async () => {
          const ac = new AbortController();
          const r = await fetch(`${BASE}/api/events`, { signal: ac.signal });
          const rd = r.body!.getReader();
          await rd.read();
          ac.abort();
        },
      ],
      [
        "sse open+close member",
        async () => {
          const ac = new AbortController();
          const r = await fetch(`${BASE}/api/events`, { signal: ac.signal, headers: { cookie } });
          const rd = r.body!.getReader();
          await rd.read();
          ac.abort();
        },
      ],
      [
        "sse member with page-state (view)",
        async () => {
          const ac = new AbortController();
          const r = await fetch(`${BASE}/api/events?state=1&stateView=1&statePostId=${posts[1]!.id}`, {
            signal: ac.signal,
            headers: { cookie },
          });
          const rd = r.body!.getReader();
          const dec = new TextDecoder();
          // Until the page-state message (a server without it sends only the opening comment: 2 s cap).
          for (let text = "", until = Date.now() + 2000; !text.includes("event: page-state") && Date.now() < until;) {
            const { value, done } = await Promise.race([
              rd.read(),
              sleep(until - Date.now()).then(() => ({ value: undefined, done: true })),
            ]);
            if (done) break;
            text += dec.decode(value);
          }
          ac.abort();
        },
      ],
      ["member /", async () => (await fetch(`${BASE}/`, { headers: { cookie } })).arrayBuffer()],
      ["member post", async () => (await fetch(`${BASE}/posts/${posts[1]!.id}`, { headers: { cookie } })).arrayBuffer()],
      ["member profile", async () => (await fetch(`${BASE}/u/${encodeURIComponent(author)}`, { headers: { cookie } })).arrayBuffer()],
      ["anon profile (cache hit)", async () => (await fetch(`${BASE}/u/${encodeURIComponent(author)}`)).arrayBuffer()],
      [
        "member post page-state (view)",
        async () => (await fetch(`${BASE}/api/users/me/page-state?view=1&postId=${posts[1]!.id}`, { headers: { cookie } })).arrayBuffer(),
      ],
      ["member /c", async () => (await fetch(`${BASE}/c/1`, { headers: { cookie } })).arrayBuffer()],
      ["anon post render (no cache: ?x)", async () => (await fetch(`${BASE}/posts/${posts[1]!.id}?x=${Math.random()}`)).arrayBuffer()],
      ["anon / render (?x)", async () => (await fetch(`${BASE}/?x=${Math.random()}`)).arrayBuffer()],
      ["write comment", comment],
      [
        "write preview",
        async () =>
          (
            await fetch(`${BASE}/api/markdown/preview`, {
              method: "POST",
              headers: auth,
              body: JSON.stringify({ markdown: `**typing ${Math.random()}**` }),
            })
          ).arrayBuffer(),
      ],
      // What the write background costs the home page: a comment on the newest post, then the home page
      // rendered again (the figure includes the comment).
      [
        "comment, then anon / rendered again",
        async () => {
          await comment();
          await (await fetch(`${BASE}/`)).arrayBuffer();
        },
      ],
      ["api /api/posts", async () => (await fetch(`${BASE}/api/posts`)).arrayBuffer()],
      [
        "member page-state (20 ids)",
        async () =>
          (
            await fetch(`${BASE}/api/users/me/page-state?visit=1${posts.map((p) => `&postIds=${p.id}`).join("")}`, { headers: { cookie } })
          ).arrayBuffer(),
      ],
      ["member /api/users/me", async () => (await fetch(`${BASE}/api/users/me`, { headers: { cookie } })).arrayBuffer()],
    ];
    // EXTRA=/path,/other: each of these rendered (a fresh ?x= each time, so never a page-cache hit).
    for (const extra of (process.env.EXTRA || "").split(",").filter(Boolean)) {
      kinds.push([
        `anon ${extra} render (?x)`,
        async () => (await fetch(`${BASE}${extra}${extra.includes("?") ? "&" : "?"}x=${Math.random()}`)).arrayBuffer(),
      ]);
    }
    const only = process.env.ONLY;
    for (const [name, fn] of kinds) {
      if (only && !only.split("|").some((o) => name.includes(o))) continue;
      for (let i = 0; i < 10; i++) await fn();
      await sleep(300);
      const b = await ticks();
      const t0 = Date.now();
      for (let i = 0; i < N; i++) await fn();
      const cpu = await since(b);
      console.log(
        `${name.padEnd(34)} ${(cpu / N).toFixed(1)} ms CPU/req (db ${(dbPart / N).toFixed(1)})  ${((Date.now() - t0) / N).toFixed(1)} ms wall`,
      );
    }
  } finally {
    server.kill("SIGTERM");
    await sql.end();
  }
}
main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
