// npx tsx bench/explain.ts [--size 100k]: EXPLAIN (ANALYZE, BUFFERS) of the main list queries on the
// database of DATABASE_URL, written to bench/results/plans-<size>.txt. The statements are the ones the
// services send (lib/services/posts/ listPosts/listRecentPosts, post-loader.ts counts,
// notifications.ts listNotifications, change-logs.ts), with the bench's parameters inlined.
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import postgres from "postgres";
import { BUSY_ID } from "./common";

const { values: args } = parseArgs({ args: process.argv.slice(2), options: { size: { type: "string" } }, strict: false });
const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL is required");
const size = (args.size as string | undefined) ?? new URL(url).pathname.slice(1).replace(/^bench_/, "");

const ORDER = "order by pinned_at desc nulls last, created_at desc, id desc";
const ANON = "status = 'PUBLISHED' and visible_scope = 'ALL'";

async function main() {
  const sql = postgres(url!, { max: 1, onnotice: () => {} });
  const [{ n }] = (await sql<{ n: number }[]>`select count(*)::int as n from posts`) as unknown as [{ n: number }];
  const [t1, t2] = await sql<{ id: number }[]>`select tag_id as id from post_tags group by tag_id order by count(*) desc limit 2`;
  const [cl] = await sql<{ id: number }[]>`select post_id as id from post_change_logs group by post_id order by count(*) desc limit 1`;
  const deep = Math.min(4000, Math.floor((n * 0.9) / 20) - 1) * 20;
  const page0 = (await sql.unsafe(`select id from posts where ${ANON} ${ORDER} limit 20`)).map((r) => r.id as number);

  const queries: [string, string][] = [
    ["posts page 0 (anonymous)", `select id from posts where ${ANON} ${ORDER} limit 20 offset 0`],
    [
      "posts page 0 (signed in)",
      `select id from posts where status = 'PUBLISHED' and (visible_scope in ('ALL', 'ONLY_REGISTER') or author_id = 4) ${ORDER} limit 20 offset 0`,
    ],
    [`posts deep page (offset ${deep})`, `select id from posts where ${ANON} ${ORDER} limit 20 offset ${deep}`],
    ["posts one category", `select id from posts where ${ANON} and category_id in (3) ${ORDER} limit 20`],
    ["posts two categories", `select id from posts where ${ANON} and category_id in (3, 7) ${ORDER} limit 20`],
    [
      "posts two rare tags AND",
      `select id from posts where ${ANON} and exists (select 1 from post_tags where post_id = posts.id and tag_id = 400) and exists (select 1 from post_tags where post_id = posts.id and tag_id = 450) ${ORDER} limit 20`,
    ],
    [
      "posts two tags AND",
      `select id from posts where ${ANON} and exists (select 1 from post_tags where post_id = posts.id and tag_id = ${t1!.id}) and exists (select 1 from post_tags where post_id = posts.id and tag_id = ${t2!.id}) ${ORDER} limit 20`,
    ],
    ["posts recent 60 min", `select id from posts where ${ANON} and created_at >= now() - interval '60 minutes' ${ORDER} limit 500`],
    [
      "loader: category counts (all 20)",
      `select c.id, (select coalesce(sum(n), 0)::int from category_post_counts cc where cc.category_id = c.id) from categories c`,
    ],
    [
      "loader: tag counts of page 0",
      `select pt.post_id, t.id, (select coalesce(sum(n), 0)::int from tag_post_counts tc where tc.tag_id = t.id) from post_tags pt join tags t on t.id = pt.tag_id where pt.post_id in (${page0.join(",")})`,
    ],
    [
      "notifications (busy)",
      `select n.id, c.post_id, u.username,
        exists (select 1 from post_subscriptions s where s.user_id = ${BUSY_ID} and s.post_id = n.post_id) as subscribed,
        (select json_agg(v.option order by v.id) from poll_votes v where v.user_id = ${BUSY_ID} and v.post_id = n.post_id) as my_votes
      from notifications n left join comments c on c.id = n.comment_id left join users u on u.id = n.from_user_id
      where n.user_id = ${BUSY_ID}
        and n.type not in (select np.type from notification_prefs np where np.user_id = ${BUSY_ID} and not np.enabled)
        and (n.type::text not in ('POST_VIEWED', 'USER_ACTIVITY') or n.type in (select np.type from notification_prefs np where np.user_id = ${BUSY_ID} and np.enabled))
      order by n.created_at desc, n.id desc limit 30 offset 0`,
    ],
    ["change logs (1,000)", `select * from post_change_logs where post_id = ${cl!.id} order by created_at asc, id asc`],
  ];
  const out: string[] = [
    `# EXPLAIN (ANALYZE, BUFFERS) on ${n.toLocaleString()} posts (${size}), ${new Date().toISOString()}`,
    `# DATABASE_URL=${url} npx tsx bench/explain.ts`,
    "",
  ];
  for (const [name, q] of queries) {
    const plan = await sql.unsafe(`explain (analyze, buffers) ${q}`);
    const text = plan.map((r) => r["QUERY PLAN"] as string).join("\n");
    const ms = /Execution Time: ([\d.]+) ms/.exec(text)?.[1];
    const fullSort = /Sort Method/.test(text) && !/top-N/.test(text) && / Sort /.test(text);
    console.log(`${name.padEnd(34)} ${ms?.padStart(9)} ms${fullSort ? "  (sorts)" : ""}`);
    out.push(`## ${name}`, q, "", text, "");
  }
  writeFileSync(`bench/results/plans-${size}.txt`, out.join("\n"));
  console.log(`wrote bench/results/plans-${size}.txt`);
  await sql.end();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
