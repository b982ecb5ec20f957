// DATABASE_URL=… npx tsx --import ./scripts/allow-server-only.mjs bench/search.ts [--runs 60]: search latency on a bench:seed database.
//
// Runs the search service in-process (the same code GET /api/search/posts runs, without HTTP) for a
// common word, a rare word, a two-word query, CJK words of six, two and one characters and typos, as an anonymous caller
// and as a member, and prints p50/p99/max per query. Before the first run it gives 1% of the posts a
// CJK title (idempotent), since the seeder writes Latin text only.
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { closeDb, db, rawRows } from "@/db";
import { ensureMigrated } from "@/db/migrate";
import { searchGlobal, searchPosts } from "@/lib/services/search/search";
import { searchPostsQuerySchema } from "@/lib/validation/search";
import type { Viewer } from "@/lib/viewer";
import { percentile } from "./common";

const { values: args } = parseArgs({ args: process.argv.slice(2), options: { runs: { type: "string", default: "60" } }, strict: false });
const RUNS = Number(args.runs);

async function main() {
  process.env.LIST_CACHE = "0";
  await ensureMigrated();
  await db.execute(sql`update posts set title = title || ' 分布式数据库的设计与实现' where id % 100 = 42 and title not like '%分布式%'`);
  const [{ n, rare }] = (await rawRows<{ n: number; rare: string }>(
    db,
    sql`
    select count(*)::int as n, (select substr(md5('4242'), 1, 12)) as rare from posts`,
  )) as [{ n: number; rare: string }];
  const member: Viewer = { id: 5, username: "user5", role: "USER", scopes: ["read", "write"], via: "token" };
  const queries: { name: string; keyword: string }[] = [
    { name: "common word", keyword: "lorem" },
    { name: "rare word", keyword: rare },
    { name: "two words", keyword: "question " + rare.slice(0, 8) },
    { name: "CJK substring", keyword: "数据库的设计" },
    { name: "CJK two characters", keyword: "数据" },
    { name: "CJK one character", keyword: "设" },
    { name: "typo (corrected)", keyword: "questoin" },
    { name: "typo in one of two words", keyword: "lorme ipsum" },
  ];
  console.log(`${n} posts; ${RUNS} runs per query (after 5 warm-up runs)\n`);
  console.log("query".padEnd(30), "caller".padEnd(7), "hits".padStart(5), "p50 ms".padStart(8), "p99 ms".padStart(8), "max ms".padStart(8));
  for (const q of queries) {
    for (const [who, viewer] of [
      ["anon", null],
      ["member", member],
    ] as const) {
      const parsed = searchPostsQuerySchema.parse({ keyword: q.keyword });
      let hits = 0;
      for (let i = 0; i < 5; i++) hits = (await searchPosts(viewer, parsed)).length;
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        await searchPosts(viewer, parsed);
        times.push(performance.now() - t);
      }
      console.log(
        `${q.name} (${q.keyword})`.slice(0, 30).padEnd(30),
        who.padEnd(7),
        String(hits).padStart(5),
        percentile(times, 50).toFixed(1).padStart(8),
        percentile(times, 99).toFixed(1).padStart(8),
        Math.max(...times)
          .toFixed(1)
          .padStart(8),
      );
    }
  }
  const times: number[] = [];
  for (let i = 0; i < Math.min(RUNS, 30); i++) {
    const t = performance.now();
    await searchGlobal(null, { keyword: "lorem" });
    times.push(performance.now() - t);
  }
  console.log(`\nglobal search (lorem, anon): p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms`);
  const cjk: number[] = [];
  for (let i = 0; i < Math.min(RUNS, 30); i++) {
    const t = performance.now();
    await searchGlobal(null, { keyword: "数据" });
    cjk.push(performance.now() - t);
  }
  console.log(`global search (数据, anon): p50 ${percentile(cjk, 50).toFixed(1)} ms, p99 ${percentile(cjk, 99).toFixed(1)} ms`);
  await closeDb();
}

main().catch(async (e) => {
  console.error(e);
  await closeDb();
  process.exit(1);
});
