// npm run bench:seed -- --posts N [--reset]: a realistic forum at scale, written with set-based SQL.
//
// The database is the one of DATABASE_URL (or the embedded one in $DATA_DIR). Every phase is one
// `insert … select … from generate_series` per chunk of post ids (never a row per statement), so 1M
// posts take minutes. The app's invariants hold afterwards: commentCount = live comments, lastReplyAt =
// newest comment, every balance = sum of its ledger, one vote per user per single-choice poll, no
// duplicate reactions. Fixed bearer tokens (see benchToken) let the bench sign in without a login.
import { createHash } from "node:crypto";
import { parseArgs } from "node:util";
import cliProgress from "cli-progress";
import { sql } from "drizzle-orm";
import { closeDb, connection, db, rawRows } from "@/db";
import { ensureMigrated } from "@/db/migrate";
import { hashPassword } from "@/lib/services/shared/passwords";

import {
  ADMIN_ID,
  BENCH_CATEGORIES,
  BENCH_PASSWORD,
  BENCH_TAGS,
  BENCH_USERS,
  BUSY_ID,
  BUSY_NOTIFICATIONS,
  CHANGE_LOG_ENTRIES,
  MOD_ID,
  benchToken,
} from "./common";

const { values: args } = parseArgs({
  args: process.argv.slice(2),
  options: { posts: { type: "string", default: "10000" }, reset: { type: "boolean", default: false }, chunk: { type: "string" } },
  strict: false,
});

const run = (q: string) => db.execute(sql.raw(q));

async function phase(name: string, total: number, step: number, body: (from: number, to: number) => Promise<unknown>) {
  const t0 = Date.now();
  const bar = new cliProgress.SingleBar(
    {
      format: `${name.padEnd(22)} [{bar}] {percentage}% | {value}/{total} | {duration_formatted}`,
      hideCursor: true,
      // Progress also when the output is a log file or CI, a line every few seconds.
      noTTYOutput: true,
      notTTYSchedule: 3000,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0);
  for (let from = 1; from <= total; from += step) {
    const to = Math.min(total, from + step - 1);
    await body(from, to);
    bar.update(to);
  }
  bar.stop();
  timings.push({ phase: name, ms: Date.now() - t0 });
}
const timings: { phase: string; ms: number }[] = [];

async function main() {
  const N = Number(args.posts);
  if (!Number.isInteger(N) || N < 100) throw new Error("--posts must be an integer ≥ 100");
  const chunk = Number(args.chunk ?? (N >= 500_000 ? 100_000 : 25_000));
  const t0 = Date.now();
  // One connection, so that the session settings below apply to every statement.
  process.env.DATABASE_POOL_SIZE = "1";
  await ensureMigrated();
  const kind = connection().kind;

  const [{ n }] = (await rawRows<{ n: number }>(db, sql`select count(*)::int as n from posts`)) as [{ n: number }];
  if (Number(n) > 0 && !args.reset) throw new Error(`the database already holds ${n} posts: add --reset to wipe it first`);
  if (args.reset) {
    const tables = await rawRows<{ t: string }>(db, sql`select tablename as t from pg_tables where schemaname = 'public'`);
    await run(`truncate ${tables.map((t) => `"${t.t}"`).join(", ")} restart identity cascade`);
    // drizzle's own bookkeeping lives in its schema, so the migrations stay applied.
  }
  // Data is consistent by construction: skip the per-row foreign-key triggers while bulk loading.
  if (kind === "postgres") await run("set session_replication_role = replica").catch(() => {});
  await run("set synchronous_commit = off").catch(() => {});

  console.log(`Seeding ${N.toLocaleString()} posts into the ${kind} database (chunks of ${chunk.toLocaleString()} posts)`);
  // One hash for every bench account (they share the password).
  const hash = await hashPassword(BENCH_PASSWORD);

  await phase("users + ledger", BENCH_USERS, BENCH_USERS, async () => {
    await run(`insert into users (id, username, email, password_hash, role, point, experience, created_at)
      select g,
        case g when ${ADMIN_ID} then 'bench_admin' when ${MOD_ID} then 'bench_mod' when ${BUSY_ID} then 'busy' else 'user' || g end,
        case g when ${ADMIN_ID} then 'bench_admin' when ${MOD_ID} then 'bench_mod' when ${BUSY_ID} then 'busy' else 'user' || g end || '@bench.invalid',
        '${hash}',
        (case g when ${ADMIN_ID} then 'ADMIN' when ${MOD_ID} then 'MODERATOR' else 'USER' end)::user_role,
        1000, (g * 37) % 700, now() - interval '400 days' + g * interval '1 minute'
      from generate_series(1, ${BENCH_USERS}) g`);
    await run(`insert into point_histories (user_id, type, amount, balance, created_at)
      select id, 'ADMIN_GRANT', 1000, 1000, created_at from users`);
    const tokens = ["bench_admin", "bench_mod", "busy", "user4", "user5"];
    for (const u of tokens) {
      const h = createHash("sha256").update(benchToken(u)).digest("hex");
      await run(`insert into api_tokens (user_id, name, token_hash, prefix, scopes, kind)
        select id, 'bench', '${h}', 'fp_bench', '{read,write}', 'personal' from users where username = '${u}'`);
    }
  });

  await phase("categories + tags", 1, 1, async () => {
    await run(`insert into categories (id, name, description, icon, small_icon)
      select g, 'Category ' || g, 'About topic ' || g, '', '' from generate_series(1, ${BENCH_CATEGORIES}) g`);
    await run(`insert into tags (id, name, description, creator_id)
      select g, 'tag-' || g, 'Tag number ' || g, 1 + (g % ${BENCH_USERS}) from generate_series(1, ${BENCH_TAGS}) g`);
    await run(`insert into point_goods (name, description, cost)
      select 'Good ' || g, 'A prize', g * 50 from generate_series(1, 10) g`);
  });

  // Posts: one every 30 s back from now (the newest within the last hour); Zipf-like skews through
  // power(random(), k); 5% pinned, 2% not PUBLISHED, 10% not ALL, 1% polls, 0.5% lotteries.
  await phase("posts", N, chunk, (from, to) =>
    run(`insert into posts (id, title, content, author_id, category_id, type, status, visible_scope, views,
        pinned_at, last_reply_at, closed, rss_excluded, featured_at, created_at, updated_at)
      select g,
        'Post ' || g || ': ' || substr(md5(g::text), 1, 12) || ' and the question of ' || substr(md5((g + 1)::text), 1, 8),
        '## Post ' || g || E'\\n\\n' || repeat(md5(g::text) || ' lorem ipsum dolor sit amet ', 8) || E'\\n\\n- item one\\n- item two\\n\\n\`code\` and **bold**',
        1 + floor(power(random(), 2) * ${BENCH_USERS})::int,
        1 + floor(power(random(), 1.6) * ${BENCH_CATEGORIES})::int,
        (case when g % 100 = 7 then 'POLL' when g % 200 = 13 then 'LOTTERY' else 'NORMAL' end)::post_type,
        (case when g % 50 = 3 then 'PENDING' else 'PUBLISHED' end)::post_status,
        (case when g % 20 = 5 then 'ONLY_REGISTER' when g % 40 = 9 then 'ONLY_ME' else 'ALL' end)::visible_scope,
        floor(random() * 500)::int,
        case when g % 20 = 0 then ts + interval '1 minute' end,
        ts, g % 97 = 0, g % 33 <> 0, case when g % 33 = 0 then ts end, ts, ts
      from (select g, now() - (${N} - g) * interval '30 seconds' - interval '5 seconds' as ts from generate_series(${from}, ${to}) g) s`),
  );

  await phase("post_tags (1-5, skewed)", N, chunk, (from, to) =>
    run(`insert into post_tags (post_id, tag_id)
      select g, 1 + floor(power(random(), 3) * ${BENCH_TAGS})::int
      from generate_series(${from}, ${to}) g, generate_series(1, 1 + (g * 7) % 5) k
      on conflict do nothing`),
  );

  // Comments: about 6 top-level per post, 4 replies, some replies to replies; 2% soft-deleted.
  await phase("comments (nested)", N, chunk, async (from, to) => {
    await run(`insert into comments (post_id, author_id, content, deleted_at, created_at)
      select p.id, 1 + floor(power(random(), 2) * ${BENCH_USERS})::int,
        'Comment ' || k || ' on post ' || p.id || ': ' || md5((p.id * 13 + k)::text),
        case when random() < 0.02 then now() end,
        least(now(), p.created_at + k * interval '7 minutes')
      from posts p, generate_series(1, (p.id * 5) % 13) k where p.id between ${from} and ${to}`);
    await run(`insert into comments (post_id, author_id, parent_id, content, created_at)
      select c.post_id, 1 + floor(random() * ${BENCH_USERS})::int, c.id, 'Reply to ' || c.id || ': ' || md5(c.id::text),
        least(now(), c.created_at + interval '3 minutes')
      from comments c where c.post_id between ${from} and ${to} and c.parent_id is null and c.id % 3 <> 0`);
    await run(`insert into comments (post_id, author_id, parent_id, content, created_at)
      select c.post_id, 1 + floor(random() * ${BENCH_USERS})::int, c.id, 'Nested reply to ' || c.id,
        least(now(), c.created_at + interval '1 minute')
      from comments c where c.post_id between ${from} and ${to} and c.parent_id is not null and c.id % 5 = 0`);
    await run(`update posts p set comment_count = x.n, last_reply_at = greatest(p.created_at, x.last)
      from (select post_id, count(*) filter (where deleted_at is null)::int as n, max(created_at) filter (where deleted_at is null) as last
            from comments where post_id between ${from} and ${to} group by post_id) x
      where p.id = x.post_id`);
  });

  await phase("reactions", N, chunk, async (from, to) => {
    await run(`insert into reactions (user_id, type, post_id, created_at)
      select 1 + floor(random() * ${BENCH_USERS})::int,
        (enum_range(null::reaction_type))[1 + floor(power(random(), 3) * 25)::int], g, now()
      from generate_series(${from}, ${to}) g, generate_series(1, (g * 3) % 6) k
      on conflict do nothing`);
    await run(`insert into reactions (user_id, type, comment_id, created_at)
      select 1 + floor(random() * ${BENCH_USERS})::int, 'LIKE', c.id, now()
      from comments c where c.post_id between ${from} and ${to} and c.id % 4 = 0
      on conflict do nothing`);
  });

  await phase("polls + lotteries", 1, 1, async () => {
    await run(`insert into polls (post_id, options, multiple, end_time)
      select id, array['Option A', 'Option B', 'Option C', 'Option D'], id % 2 = 0, now() + interval '30 days' + id * interval '1 second'
      from posts where type = 'POLL'`);
    await run(`insert into poll_votes (post_id, user_id, option, created_at)
      select p.post_id, 1 + (p.post_id * 31 + k) % ${BENCH_USERS}, p.options[1 + (k * 7 + p.post_id) % 4], now()
      from polls p, generate_series(1, 20) k`);
    await run(`insert into lotteries (post_id, prize_description, prize_icon, prize_count, point_cost, start_time, end_time, seed_hash, seed)
      select id, 'A prize for post ' || id, '', 1 + id % 3, 0, now() - interval '1 day', now() + interval '30 days' + id * interval '1 second',
        encode(sha256(convert_to(s, 'UTF8')), 'hex'), s
      from (select id, md5(random()::text) || md5(random()::text) as s from posts where type = 'LOTTERY') x`);
    await run(`insert into lottery_participants (post_id, user_id, joined_at)
      select l.post_id, 1 + (l.post_id * 17 + k) % ${BENCH_USERS}, now() from lotteries l, generate_series(1, 20) k
      on conflict do nothing`);
    await run(`insert into post_subscriptions (user_id, post_id)
      select 1 + (g * 13) % ${BENCH_USERS}, g from generate_series(1, ${N}, 3) g on conflict do nothing`);
  });

  // The busy user's 100,000 notifications, plus a sprinkle for everyone else.
  const notifStep = 25_000;
  const others = Math.min(N, 200_000);
  await phase("notifications", BUSY_NOTIFICATIONS + others, notifStep, (from, to) =>
    run(`insert into notifications (user_id, type, post_id, from_user_id, reaction_type, read, created_at)
      select case when g <= ${BUSY_NOTIFICATIONS} then ${BUSY_ID} else 1 + floor(random() * ${BENCH_USERS})::int end,
        (array['COMMENT_REPLY', 'REACTION', 'MENTION', 'POST_VIEWED'])[1 + g % 4]::notification_type,
        1 + floor(random() * ${N})::int, 4 + g % ${BENCH_USERS - 4},
        case when g % 4 = 1 then 'LIKE'::reaction_type end, g % 3 = 0,
        now() - (${BUSY_NOTIFICATIONS + others} - g) * interval '10 seconds'
      from generate_series(${from}, ${to}) g`),
  );

  // One visible post (the newest published, ALL) with 1,000 title changes; 1% of posts with one entry.
  await phase("change logs", 1, 1, async () => {
    await run(`insert into post_change_logs (post_id, actor_id, type, old_title, new_title, created_at)
      select (select max(id) from posts where status = 'PUBLISHED' and visible_scope = 'ALL' and pinned_at is null), ${MOD_ID}, 'TITLE',
        'Title v' || g, 'Title v' || (g + 1), now() - (${CHANGE_LOG_ENTRIES} - g) * interval '1 minute'
      from generate_series(1, ${CHANGE_LOG_ENTRIES}) g`);
    await run(`insert into post_change_logs (post_id, actor_id, type, old_closed, new_closed, created_at)
      select id, author_id, 'CLOSED', false, true, created_at + interval '1 hour' from posts where closed`);
  });

  // The session ran with triggers off (replica role), so the search vocabulary (search_words, migration
  // 0032) learns the seeded words here, as the migration does for existing data.
  await phase("search vocabulary", 1, 1, async () => {
    await run(`insert into search_words (word)
      select word from ts_stat('select search_tsv from posts union all select search_tsv from comments')
      where char_length(word) between 3 and 32 and word ~ '^[a-z\\u00df-\\u024f\\u03ac-\\u03ff\\u0430-\\u045f]+$'
      on conflict do nothing`);
  });

  await phase("sequences + analyze", 1, 1, async () => {
    const serials = await rawRows<{ t: string; c: string }>(
      db,
      sql`
      select table_name as t, column_name as c from information_schema.columns
      where table_schema = 'public' and column_default like 'nextval(%'`,
    );
    for (const s of serials) {
      await run(
        `select setval(pg_get_serial_sequence('"${s.t}"', '${s.c}'), greatest(1, (select coalesce(max("${s.c}"), 0) from "${s.t}")))`,
      );
    }
    // The counting triggers were off during the load (replication role): count once, set-based.
    await run("select forum_refresh_taxonomy_counts()");
    // vacuum sets the visibility map, so the list indexes are read without touching the table.
    await run(kind === "postgres" ? "vacuum analyze" : "analyze");
  });

  const counts = await rawRows<Record<string, number>>(
    db,
    sql`select
    (select count(*)::int from posts) as posts, (select count(*)::int from comments) as comments,
    (select count(*)::int from post_tags) as post_tags, (select count(*)::int from reactions) as reactions,
    (select count(*)::int from notifications) as notifications, (select count(*)::int from users) as users`,
  );
  const total = Date.now() - t0;
  console.log("\nPhase times:");
  for (const t of timings) console.log(`  ${t.phase.padEnd(24)} ${(t.ms / 1000).toFixed(1)} s`);
  console.log(`Rows: ${JSON.stringify(counts[0])}`);
  console.log(`Seeded ${N.toLocaleString()} posts in ${(total / 1000).toFixed(1)} s`);
}

main()
  .then(() => closeDb())
  .catch(async (err) => {
    console.error(err);
    await closeDb().catch(() => {});
    process.exit(1);
  });
