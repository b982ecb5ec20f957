// npm run bench:hostile [-- --url http://127.0.0.1:3000 --token <bearer>] [--only "fence|diff:"] [--reps 3] [--out file.md]
//
// hostile markdown and hostile edits must not hold the server's one thread.
// In process, times the real functions a request runs: renderMarkdown (a post or comment view, the
// preview: how long the server's thread is held), renderDocument (the render itself, what the markdown
// worker does), markdownExcerpt (list cards), the zod check of a body against MARKDOWN_LIMITS (the write
// path) and diffText (the history page). Each render is a cold one (the memo cache is keyed by the
// source, and each repetition adds a trailing newline, which renders the same but hashes differently);
// the figure is the median and the worst of --reps runs.
//
// With --url, it also posts every input to a running server's POST /api/markdown/preview (a member's
// bearer token: --token or HOSTILE_TOKEN) while polling GET /api/health every 15 ms, and reports the
// longest health answer during each request: how long everyone else waited. With a token it also
// creates one post, edits it to a different 100 KB version and times GET /posts/{id}/history the same way.
//
// password hashing must not hold the server's thread either. With --url (no token
// needed) it sends 60 anonymous requests at once that could each cost a password hash: POST
// /api/auth/reset with random tokens, and POST /api/auth/login with unknown names (which compare against
// a dummy hash, so that timing does not tell which names exist), and reports the longest health answer
// while they run. Each request names its own client in X-Forwarded-For (10.54.x.y, a new x each run),
// which the server believes only when TRUSTED_PROXIES includes 127.0.0.1: then it is 60 clients (the
// per-address limits do not help), otherwise one client (they do).
import { writeFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";
import os from "node:os";
import { parseArgs } from "node:util";
import { diffText } from "../lib/diff";
import { renderMarkdown, markdownExcerpt } from "../lib/markdown";
import { checkMarkdownLimits } from "../lib/markdown-limits";
import { renderPoolState } from "../lib/markdown-pool";
import { renderDocument } from "../lib/markdown-render";
import { z } from "zod";
import { withinMarkdownLimits } from "../lib/validation/markdown";

const { values: args } = parseArgs({
  options: {
    url: { type: "string" },
    token: { type: "string" },
    only: { type: "string" },
    reps: { type: "string", default: "3" },
    out: { type: "string" },
    label: { type: "string", default: "" },
  },
});
const REPS = Math.max(1, Number(args.reps));
const TOKEN = args.token ?? process.env.HOSTILE_TOKEN;
const TARGET_MS = 250;
const HEALTH_TARGET_MS = 300;

// ---------------------------------------------------------------- inputs

/** A deterministic pseudo-random generator (mulberry32), so two runs diff the same texts. */
function rng(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const WORDS =
  "the of and to in is that for it as was with be by on not he this are or his from at which but have an they you were her she there can all we one".split(
    " ",
  );
function words(seed: number, bytes: number, lineLen = 80): string {
  const r = rng(seed);
  let out = "";
  let line = 0;
  while (out.length < bytes) {
    const w = r() < 0.3 ? WORDS[Math.floor(r() * WORDS.length)]! : Math.floor(r() * 1e9).toString(36);
    out += w;
    line += w.length + 1;
    if (lineLen > 0 && line >= lineLen) {
      out += "\n";
      line = 0;
    } else out += " ";
  }
  return out.slice(0, bytes);
}
/** `unit` repeated until the text is `bytes` long (whole units only). */
const fill = (unit: string, bytes: number) => unit.repeat(Math.floor(bytes / unit.length));

const POST = 100_000;

type RenderCase = { kind: "render"; name: string; text: string };
type DiffCase = { kind: "diff"; name: string; a: string; b: string };
type Case = RenderCase | DiffCase;

const jsLine = 'function f(a, b) { return a.map((x) => x * b + "s" /* c */); } // 42\n';
const tableHeader = (cols: number) => `${"|h".repeat(cols)}|\n${"|-".repeat(cols)}|\n`;

const renderCases: [string, () => string][] = [
  ["fences ``` × 2,000", () => "```\n".repeat(2_000)],
  ["fences ``` × 5,000 (a comment)", () => "```\n".repeat(5_000)],
  ["fences ``` × 20,000", () => "```\n".repeat(20_000)],
  ["fences ``` × 25,000 (100 KB)", () => "```\n".repeat(25_000)],
  ["fences ~~~ × 25,000", () => "~~~\n".repeat(25_000)],
  ["fences ``` x ``` × 14,000 (text inside)", () => fill("```\nx\n```\n", POST)],
  ["fences, unknown language", () => fill("```nosuchlang\nx = 1\n```\n", POST)],
  ["fences, known language (js)", () => fill("```js\nlet a = 1;\n```\n", POST)],
  ["one 100 KB js block", () => `\`\`\`js\n${fill(jsLine, POST - 10)}\`\`\`\n`],
  ["unclosed fence + 100 KB text", () => `\`\`\`\n${words(1, POST - 4)}`],
  ["unclosed fence + 100 KB js", () => `\`\`\`\n${fill(jsLine, POST - 4)}`],
  ["indented code, 100 KB", () => fill("    let a = 1; // code\n", POST)],
  ["emphasis *a **b *c storm", () => fill("*a **b *c ", POST)],
  ["emphasis _a __b _c storm", () => fill("_a __b _c ", POST)],
  ["emphasis ** × 50,000", () => "**".repeat(50_000)],
  ["strikethrough ~~a ~~~b storm", () => fill("~~a ~~~b ", POST)],
  ["blockquote > × 10,000 (one line)", () => `${"> ".repeat(10_000)}x`],
  ["blockquote > × 50,000 (one line)", () => `${"> ".repeat(49_999)}x`],
  [
    "blockquote lines, growing depth",
    () => {
      let s = "";
      for (let i = 1; s.length < POST; i++) s += `${"> ".repeat(i % 400)}x\n`;
      return s.slice(0, POST);
    },
  ],
  ["list - × 50,000 (one line)", () => `${"- ".repeat(49_999)}x`],
  [
    "list, indentation storm",
    () => {
      let s = "";
      for (let i = 0; s.length < POST; i++) s += `${"  ".repeat(i % 300)}- x\n`;
      return s.slice(0, POST);
    },
  ],
  ["ordered list 1. × 25,000 (one line)", () => `${"1. ".repeat(33_000)}x`],
  ["backticks ` × 100,000", () => "`".repeat(POST)],
  [
    "backtick runs of growing length",
    () => {
      let s = "";
      for (let i = 1; s.length < POST; i++) s += `${"`".repeat(i % 200)} a `;
      return s.slice(0, POST);
    },
  ],
  ["brackets [ × 100,000", () => "[".repeat(POST)],
  ["links [a]( unclosed storm", () => fill("[a](", POST)],
  ["images ![a](b) × 10,000", () => fill("![a](https://e.example/i.png) ", POST)],
  ["autolinks http://a.b × 9,000", () => fill("http://a.b ", POST)],
  ["autolinks www.a.b storm", () => fill("www.a.bc ", POST)],
  ["autolinks <http://a.b> storm", () => fill("<http://a.b> ", POST)],
  ["e-mail storm a@b.cd", () => fill("a@b.cd ", POST)],
  [
    "table 1,000 columns",
    () => {
      const h = tableHeader(1_000);
      return h + fill(`${"|x".repeat(1_000)}|\n`, POST - h.length);
    },
  ],
  [
    "table 5,000+ rows",
    () => {
      const h = tableHeader(2);
      return h + fill("|a|b|\n", POST - h.length);
    },
  ],
  ["table-like lines without table", () => fill("|a|b|\n|-|\n", POST)],
  ["mentions @user1 storm", () => fill("@user1 ", POST)],
  ["mentions @[user1] storm", () => fill("@[user1] ", POST)],
  [
    "link reference definitions",
    () => {
      let s = "";
      for (let i = 0; s.length < POST / 2; i++) s += `[r${i}]: https://e.example/${i}\n`;
      let t = "";
      for (let i = 0; s.length + t.length < POST; i++) t += `[r${i % 2000}] `;
      return s + t;
    },
  ],
  ["headings storm", () => fill("# h\n", POST)],
  ["entities &amp; storm", () => fill("&amp;&#x41;&lt;", POST)],
  ["html-ish < storm", () => fill("<a <b ", POST)],
  ["random words 100 KB (baseline)", () => words(7, POST)],
];

const a100 = words(11, POST);
const diffCases: [string, () => [string, string]][] = [
  ["diff: random words, two different 100 KB", () => [a100, words(12, POST)]],
  ["diff: one long line vs another", () => [words(13, POST, 0), words(14, POST, 0)]],
  ["diff: one long line vs many lines", () => [words(15, POST, 0), words(16, POST)]],
  ["diff: shifted content (line inserted at top)", () => [a100, `inserted line\n${a100}`]],
  [
    "diff: every line edited",
    () => [
      a100,
      a100
        .split("\n")
        .map((l) => `${l} x`)
        .join("\n"),
    ],
  ],
  ["diff: lines reversed", () => [a100, a100.split("\n").reverse().join("\n")]],
  ["diff: a normal edit (one word)", () => [a100, a100.replace("the", "THE")]],
  ["diff: same words, one line vs many", () => [a100.replace(/\n/g, " "), a100]],
  ["diff: 100 KB of one char vs another", () => ["a".repeat(POST), "b".repeat(POST)]],
];

const cases: Case[] = [
  ...renderCases.map(([name, make]): Case => ({ kind: "render", name, text: make() })),
  ...diffCases.map(([name, make]): Case => {
    const [a, b] = make();
    return { kind: "diff", name, a, b };
  }),
].filter(
  (c) =>
    !args.only ||
    args.only
      .toLowerCase()
      .split("|")
      .some((part) => c.name.toLowerCase().includes(part)),
);

// ---------------------------------------------------------------- in-process timing

type Row = {
  name: string;
  kb: number;
  ms: number[];
  excerptMs?: number;
  /** renderDocument on this thread: the worker's work. */
  workMs?: number[];
  shown?: string;
  limit?: string;
  checkMs?: number;
  health?: { status: number | string; ms: number; maxWait: number; polls: number };
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));

/** The write-time check, when this version of the code has one (the bench runs before and after it). */
/** Waits until the markdown workers have nothing left to do (a stopped render's worker is replaced). */
async function settle() {
  for (let i = 0; i < 400 && renderPoolState().running + renderPoolState().queued > 0; i++) await sleep(25);
  await sleep(300);
}

/**
 * Runs `work` and tells how long it held this thread: the call itself until it returns its promise,
 * or the longest event-loop stall while it was awaited (1 ms resolution), whichever is longer.
 */
async function held<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const h = monitorEventLoopDelay({ resolution: 1 });
  h.enable();
  const t0 = performance.now();
  const pending = work();
  const callMs = performance.now() - t0;
  const value = await pending;
  h.disable();
  // The histogram's floor is its resolution: a loop that never stalled reads about 1 ms.
  const stallMs = h.count ? Math.max(0, h.max / 1e6 - 1) : 0;
  return { value, ms: Math.max(callMs, stallMs) };
}

/** The write-time check of a post body (lib/validation/posts.ts: content). */
const postBody = z.string().max(POST, `at most ${POST} characters`).superRefine(withinMarkdownLimits(POST));

async function timeRender(text: string) {
  const ms: number[] = [];
  const workMs: number[] = [];
  let plain = 0;
  for (let r = 0; r < REPS; r++) {
    const src = text + "\n".repeat(r + 1);
    const { value: html, ms: heldMs } = await held(() => renderMarkdown(src));
    ms.push(heldMs);
    if (html.startsWith('<pre class="markdown-plain">')) plain++;
    const t1 = performance.now();
    renderDocument(`${src}\n`);
    workMs.push(performance.now() - t1);
    await settle();
  }
  return { ms, workMs, plain };
}

function timeDiff(a: string, b: string): number[] {
  const out: number[] = [];
  for (let r = 0; r < REPS; r++) {
    const t0 = performance.now();
    diffText(a, b + "\n".repeat(r));
    out.push(performance.now() - t0);
  }
  return out;
}

const progress = (i: number, n: number, label: string) => process.stderr.write(`[${i}/${n}] ${label}\n`);

async function main() {
  // Warm the engines (grammar loading, JIT) so the first case does not pay for them.
  await renderMarkdown("# warm\n\n```js\nlet a = 1;\n```\n\n*a* [b](https://c.d) @user1\n\n| a |\n|---|\n| b |");
  diffText("a b c\nd\n", "a x c\nd\ne\n");

  const rows: Row[] = [];
  const started = Date.now();
  for (const [i, c] of cases.entries()) {
    progress(i + 1, cases.length, c.name);
    if (c.kind === "render") {
      const { ms, workMs, plain } = await timeRender(c.text);
      const t0 = performance.now();
      markdownExcerpt(`${c.text}\u0000excerpt`, 200);
      const excerptMs = performance.now() - t0;
      const { value: parsed, ms: checkMs } = await held(() => postBody.safeParseAsync(c.text));
      const issue = parsed.success ? null : parsed.error.issues[0]!.message;
      const limit = issue ? `refused: ${issue.replace(/ per document.*"(\w+)"\);/, " ($1);")}` : "within limits";
      const over = checkMarkdownLimits(c.text) !== null;
      const shown = plain === 0 ? "html" : over ? "plain: over the limits" : `plain ${plain}/${REPS}: not in time`;
      rows.push({ name: c.name, kb: c.text.length / 1000, ms, workMs, shown, excerptMs, limit, checkMs });
    } else {
      rows.push({ name: c.name, kb: (c.a.length + c.b.length) / 1000, ms: timeDiff(c.a, c.b) });
    }
    const last = rows[rows.length - 1]!;
    process.stderr.write(`        ${fmt(median(last.ms))} ms (worst ${fmt(Math.max(...last.ms))})\n`);
  }

  if (args.url) await overHttp(args.url, rows);

  const report = table(rows, Date.now() - started);
  console.log(report);
  if (args.out) {
    writeFileSync(args.out, report);
    process.stderr.write(`written to ${args.out}\n`);
  }
  const worst = Math.max(...rows.map((r) => Math.max(...r.ms, r.checkMs ?? 0)));
  const worstWait = Math.max(0, ...rows.map((r) => r.health?.maxWait ?? 0));
  process.exitCode = worst < TARGET_MS && worstWait < HEALTH_TARGET_MS ? 0 : 1;
}

// ---------------------------------------------------------------- against a running server

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs `request` while polling /api/health every 15 ms; the longest health answer is how long others waited. */
async function withHealth(base: string, request: () => Promise<Response>) {
  let done = false;
  let maxWait = 0;
  let polls = 0;
  const poller = (async () => {
    while (!done) {
      const t0 = performance.now();
      await fetch(`${base}/api/health`)
        .then((r) => r.arrayBuffer())
        .catch(() => null);
      maxWait = Math.max(maxWait, performance.now() - t0);
      polls++;
      await sleep(15);
    }
  })();
  await sleep(40); // the poller is running before the request starts
  const t0 = performance.now();
  const res = await request();
  await res.arrayBuffer();
  const ms = performance.now() - t0;
  done = true;
  await poller;
  return { status: res.status, ms, maxWait, polls };
}

/** Requests that may each hash a password, sent PARALLEL at once, each from its own client address. */
const PARALLEL = 60;
const hashingCases: [string, (i: number) => { path: string; body: unknown }][] = [
  [
    `POST /api/auth/reset × ${PARALLEL} parallel, random tokens`,
    (i) => ({
      path: "/api/auth/reset",
      body: { token: `bench${i}${Math.random().toString(36).slice(2)}`.padEnd(43, "x"), password: "a new password 54" },
    }),
  ],
  [
    // The floor: the same requests refused by the body's schema (no database, no hash).
    `POST /api/auth/reset × ${PARALLEL} parallel, malformed tokens (schema refuses: the floor)`,
    () => ({ path: "/api/auth/reset", body: { token: "short", password: "a new password 54" } }),
  ],
  [
    `POST /api/auth/login × ${PARALLEL} parallel, unknown names`,
    (i) => ({
      path: "/api/auth/login",
      body: { username: `nobody-${i}-${Math.random().toString(36).slice(2, 8)}`, password: "a guessed password" },
    }),
  ],
];

async function hashingRequests(base: string, rows: Row[]) {
  const selected = hashingCases.filter(
    ([name]) =>
      !args.only ||
      args.only
        .toLowerCase()
        .split("|")
        .some((part) => name.toLowerCase().includes(part)),
  );
  const run = Math.floor(Math.random() * 250);
  const post = (path: string, body: unknown, client: string) =>
    fetch(`${base}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": client },
      body: JSON.stringify(body),
    });
  for (const [i, [name, make]] of selected.entries()) {
    progress(i + 1, selected.length, name);
    // The route's code loads on its first request in a server process: not what is measured here.
    const warm = make(999);
    await (await post(warm.path, warm.body, `10.55.${run}.${i}`)).arrayBuffer();
    await sleep(300);
    const statuses = new Map<number, number>();
    const health = await withHealth(base, async () => {
      const all = await Promise.all(
        Array.from({ length: PARALLEL }, async (_, k) => {
          const { path, body } = make(k);
          const res = await post(path, body, `10.54.${run}.${k + 1}`);
          await res.arrayBuffer();
          return res.status;
        }),
      );
      for (const s of all) statuses.set(s, (statuses.get(s) ?? 0) + 1);
      return new Response("");
    });
    const status = [...statuses].map(([s, n]) => `${s} ×${n}`).join(", ");
    rows.push({ name, kb: 0, ms: [], health: { ...health, status } });
    process.stderr.write(`        ${status} in ${fmt(health.ms)} ms, longest health wait ${fmt(health.maxWait)} ms\n`);
    await sleep(500);
  }
}

async function overHttp(base: string, rows: Row[]) {
  await hashingRequests(base, rows);
  if (!TOKEN) {
    process.stderr.write("--url needs a member's bearer token (--token or HOSTILE_TOKEN): skipping the server part\n");
    return;
  }
  const auth = { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" };
  // A route's code loads on its first request in a server process: not what is measured here.
  await (
    await fetch(`${base}/api/markdown/preview`, { method: "POST", headers: auth, body: JSON.stringify({ markdown: "*warm*" }) })
  ).arrayBuffer();
  const renders = cases.filter((c): c is RenderCase => c.kind === "render");
  for (const [i, c] of renders.entries()) {
    progress(i + 1, renders.length, `POST /api/markdown/preview: ${c.name}`);
    const row = rows.find((r) => r.name === c.name)!;
    row.health = await withHealth(base, () =>
      fetch(`${base}/api/markdown/preview`, { method: "POST", headers: auth, body: JSON.stringify({ markdown: c.text }) }),
    );
    process.stderr.write(`        ${row.health.status} in ${fmt(row.health.ms)} ms, longest health wait ${fmt(row.health.maxWait)} ms\n`);
  }

  // The history page of a post edited between two different 100 KB versions.
  const diffs = cases.filter((c): c is DiffCase => c.kind === "diff" && c.name.startsWith("diff: random words"));
  if (!diffs.length) return;
  const d = diffs[0]!;
  const category = ((await (await fetch(`${base}/api/categories`)).json()) as { id: number }[])[0];
  const tag = ((await (await fetch(`${base}/api/tags`)).json()) as { id: number }[])[0];
  if (!category || !tag) {
    process.stderr.write("no category or tag on the server: skipping the history page\n");
    return;
  }
  const made = await fetch(`${base}/api/posts`, {
    method: "POST",
    headers: auth,
    body: JSON.stringify({ title: "bench:hostile history", content: d.a, categoryId: category.id, tagIds: [tag.id] }),
  });
  const post = (await made.json()) as { id?: number; error?: string };
  if (!post.id) {
    process.stderr.write(`creating the post failed (${made.status} ${post.error ?? ""}): skipping the history page\n`);
    return;
  }
  const edited = await fetch(`${base}/api/posts/${post.id}`, { method: "PUT", headers: auth, body: JSON.stringify({ content: d.b }) });
  await edited.arrayBuffer();
  // The route's code loads on its first request in a server process: not what is measured here.
  await (await fetch(`${base}/posts/1/history`)).arrayBuffer();
  for (const who of ["anonymous", "author"] as const) {
    progress(1, 1, `GET /posts/${post.id}/history (${who})`);
    const headers: Record<string, string> = who === "author" ? { authorization: `Bearer ${TOKEN}` } : {};
    const health = await withHealth(base, () => fetch(`${base}/posts/${post.id}/history`, { headers }));
    rows.push({
      name: `GET /posts/{id}/history, ${who} (two different 100 KB versions)`,
      kb: (d.a.length + d.b.length) / 1000,
      ms: [health.ms],
      health,
    });
    process.stderr.write(`        ${health.status} in ${fmt(health.ms)} ms, longest health wait ${fmt(health.maxWait)} ms\n`);
  }
}

// ---------------------------------------------------------------- report

function table(rows: Row[], totalMs: number): string {
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");
  const lines = [
    `# Hostile input${args.label ? ` (${args.label})` : ""}`,
    "",
    `- Command: \`npm run bench:hostile${
      process.argv.slice(2).length
        ? ` -- ${process.argv
            .slice(2)
            .map((a) => (a === TOKEN ? "<token>" : a))
            .join(" ")}`
        : ""
    }\``,
    `- Date: ${new Date().toISOString()}; ${os.cpus().length} cores, load average at the end ${load}; Node ${process.version}; ${fmt(totalMs / 1000)} s in all`,
    `- main thread ms: in process, how long the real \`renderMarkdown\` (cold: no memo hit; awaited, so the call itself or the longest event-loop stall while it ran, 1 ms resolution) or \`diffText\` held this thread; median and worst of ${REPS}. Target < ${TARGET_MS} ms. shown: what the view got (html, or the escaped source in a <pre>).`,
    "- worker ms: `renderDocument` timed on this thread, i.e. the render itself, which runs in the markdown worker (before the worker existed, the main thread did all of it).",
    "- excerpt ms: `markdownExcerpt(…, 200)` (list cards, notifications). limits / check ms: what the write-time check of a post body (zod, lib/validation/markdown.ts) says of it, and how long it held this thread.",
    args.url
      ? `- server: ${args.url}: status and time of the request, and the longest \`GET /api/health\` answer while it ran (polled every 15 ms). Target < ${HEALTH_TARGET_MS} ms.`
      : "- server: not measured (no --url).",
    args.url
      ? `- POST /api/auth/… × ${PARALLEL}: ${PARALLEL} anonymous requests at once, each naming its own client in X-Forwarded-For (believed only with TRUSTED_PROXIES=127.0.0.1); server status: how many got which status; server ms: until the last answered.`
      : "",
    "",
    "| input | KB | main thread ms (median / worst) | shown | worker ms (median / worst) | excerpt ms | limits (zod check of a body) | check ms | server status | server ms | longest health wait ms |",
    "|---|---|---|---|---|---|---|---|---|---|---|",
  ];
  for (const r of rows) {
    const over = Math.max(...r.ms) >= TARGET_MS ? " **over**" : "";
    const thread = r.ms.length ? `${fmt(median(r.ms))} / ${fmt(Math.max(...r.ms))}${over}` : "";
    const checkOver = (r.checkMs ?? 0) >= TARGET_MS ? " **over**" : "";
    const waitOver = (r.health?.maxWait ?? 0) >= HEALTH_TARGET_MS ? " **over**" : "";
    lines.push(
      `| ${r.name.replace(/`/g, "\\`").replace(/\|/g, "\\|")} | ${r.kb.toFixed(1)} | ${thread} | ${r.shown ?? ""} | ${r.workMs ? `${fmt(median(r.workMs))} / ${fmt(Math.max(...r.workMs))}` : ""} | ${r.excerptMs !== undefined ? fmt(r.excerptMs) : ""} | ${r.limit ?? ""} | ${r.checkMs !== undefined ? fmt(r.checkMs) + checkOver : ""} | ${r.health?.status ?? ""} | ${r.health ? fmt(r.health.ms) : ""} | ${r.health ? fmt(r.health.maxWait) + waitOver : ""} |`,
    );
  }
  return `${lines.join("\n")}\n`;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
