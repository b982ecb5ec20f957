// npx tsx scripts/reliability/load.ts [--writers 200] [--duration 60]
//
// A server on a fresh database (reliability_load), then `writers` concurrent clients for `duration`
// seconds, each looping over a random mix of writes: posts, comments, replies, reactions (toggles),
// poll votes, lottery joins, redemptions and notification reads. Afterwards the invariants:
// commentCount = live comment rows, poll vote counts = vote rows, every balance = sum of its ledger
// and ≥ 0, no duplicate reactions, no 500s. Reports throughput and the count of every status.
import { parseArgs } from "node:util";
import postgres from "postgres";
import { api, check, ensureBuild, finish, freshDatabase, seedActors, sleep, startServer, type Check } from "./lib";

const { values: args } = parseArgs({
  args: process.argv.slice(2),
  options: {
    writers: { type: "string", default: "200" },
    duration: { type: "string", default: "60" },
    users: { type: "string", default: "50" },
  },
  strict: false,
});
const WRITERS = Number(args.writers);
const DURATION = Number(args.duration) * 1000;
const checks: Check[] = [];
const pick = <T>(a: T[]): T => a[Math.floor(Math.random() * a.length)]!;

async function main() {
  ensureBuild();
  const url = await freshDatabase("reliability_load");
  const limits = { TEST_RATE_LIMITS: "posts=1000000,comments=1000000", DATABASE_POOL_SIZE: "20" };
  const server = await startServer(3241, { DATABASE_URL: url, ...limits });
  const sql = postgres(url, { max: 2, onnotice: () => {} });
  try {
    const a = await seedActors(sql, Number(args.users));
    await sql`insert into point_goods (name, cost) values ('Sticker', 5), ('Mug', 20)`;
    const goods = (await sql<{ id: number }[]>`select id from point_goods`).map((g) => g.id);
    const base = server.url;
    const future = new Date(Date.now() + 3600_000).toISOString();
    // A few posts of each kind to aim at.
    const postIds: number[] = [];
    const pollIds: number[] = [];
    const lotteryIds: number[] = [];
    for (let i = 0; i < 6; i++) {
      const tok = a.tokens[i % a.tokens.length]!;
      const n = await api(base, "/api/posts", tok, "POST", {
        title: `Load ${i}`,
        content: "x",
        categoryId: a.categoryId,
        tagIds: [a.tagIds[0]],
        type: "NORMAL",
      });
      const p = await api(base, "/api/posts", tok, "POST", {
        title: `Poll ${i}`,
        content: "x",
        categoryId: a.categoryId,
        tagIds: [a.tagIds[1]],
        type: "POLL",
        poll: { options: ["a", "b", "c"], multiple: i % 2 === 0, endTime: future },
      });
      const l = await api(base, "/api/posts", tok, "POST", {
        title: `Lottery ${i}`,
        content: "x",
        categoryId: a.categoryId,
        tagIds: [a.tagIds[2]],
        type: "LOTTERY",
        lottery: {
          prizeDescription: "prize",
          prizeIcon: "",
          prizeCount: 2,
          pointCost: 5,
          startTime: new Date(Date.now() - 60_000).toISOString(),
          endTime: future,
        },
      });
      if (n.status === 201) postIds.push(Number(n.json!.id));
      if (p.status === 201) pollIds.push(Number(p.json!.id));
      if (l.status === 201) lotteryIds.push(Number(l.json!.id));
    }
    check(
      checks,
      "setup: posts, polls and lotteries created",
      postIds.length === 6 && pollIds.length === 6 && lotteryIds.length === 6,
      `${postIds.length}/${pollIds.length}/${lotteryIds.length}`,
    );
    const commentIds: number[] = [];

    const statuses = new Map<string, number>();
    const count = (k: string) => statuses.set(k, (statuses.get(k) ?? 0) + 1);
    let total = 0;
    const end = Date.now() + DURATION;
    const t0 = Date.now();
    await Promise.all(
      Array.from({ length: WRITERS }, async (_, w) => {
        const token = a.tokens[w % a.tokens.length]!;
        while (Date.now() < end) {
          const kind = pick(["post", "comment", "comment", "reply", "reaction", "reaction", "vote", "join", "redeem", "read"]);
          let r: { status: number; json: Record<string, unknown> | null };
          try {
            switch (kind) {
              case "post":
                r = await api(base, "/api/posts", token, "POST", {
                  title: `w${w}`,
                  content: "load",
                  categoryId: a.categoryId,
                  tagIds: [pick(a.tagIds)],
                  type: "NORMAL",
                });
                if (r.status === 201) postIds.push(Number(r.json!.id));
                break;
              case "comment":
                r = await api(base, `/api/posts/${pick(postIds)}/comments`, token, "POST", { content: `c${w}` });
                if (r.status === 201) commentIds.push(Number(r.json!.id));
                break;
              case "reply":
                if (!commentIds.length) continue;
                r = await api(base, `/api/comments/${pick(commentIds)}/replies`, token, "POST", { content: `r${w}` });
                break;
              case "reaction":
                r = await api(base, `/api/posts/${pick(postIds)}/reactions`, token, "POST", { type: pick(["LIKE", "FIRE", "EYES"]) });
                break;
              case "vote":
                r = await api(base, `/api/posts/${pick(pollIds)}/poll/vote`, token, "POST", { options: [pick(["a", "b", "c"])] });
                break;
              case "join":
                r = await api(base, `/api/posts/${pick(lotteryIds)}/lottery/join`, token, "POST", {});
                break;
              case "redeem":
                r = await api(base, "/api/point-goods/redeem", token, "POST", { goodId: pick(goods), contact: `w${w}@example.test` });
                break;
              default:
                r = await api(base, "/api/notifications/read-all", token, "POST", {});
            }
            count(`${kind} ${r.status}`);
          } catch (e) {
            count(`${kind} error ${(e as Error).name}`);
          }
          total++;
        }
      }),
    );
    const secs = (Date.now() - t0) / 1000;
    console.log(`\n${total} requests in ${secs.toFixed(1)} s = ${(total / secs).toFixed(1)} req/s with ${WRITERS} writers`);
    for (const [k, n] of [...statuses].sort()) console.log(`  ${k.padEnd(28)} ${n}`);
    const fives = [...statuses].filter(([k]) => / 5\d\d$/.test(k)).reduce((s, [, n]) => s + n, 0);
    const errors = [...statuses].filter(([k]) => / error /.test(k)).reduce((s, [, n]) => s + n, 0);
    check(checks, "no 500s", fives === 0, `${fives} responses 5xx`);
    check(checks, "no transport errors or timeouts", errors === 0, `${errors} errors`);
    await sleep(500);

    const [cc] = await sql<
      { n: number }[]
    >`select count(*)::int as n from posts p where comment_count <> (select count(*) from comments c where c.post_id = p.id and c.deleted_at is null)`;
    check(checks, "commentCount = live comment rows on every post", cc!.n === 0, `${cc!.n} posts differ`);
    const [pv] = await sql<{ n: number }[]>`select count(*)::int as n from polls p
      where exists (select 1 from poll_votes v where v.post_id = p.post_id and not (v.option = any(p.options)))`;
    check(checks, "poll votes only for existing options", pv!.n === 0);
    const [single] = await sql<
      { n: number }[]
    >`select count(*)::int as n from (select v.post_id, v.user_id from poll_votes v join polls p on p.post_id = v.post_id
      where not p.multiple group by 1, 2 having count(*) > 1) x`;
    check(checks, "one vote per user on single-choice polls", single!.n === 0, `${single!.n} double votes`);
    const votes = await sql<{ post_id: number }[]>`select post_id from polls`;
    let pollMismatch = 0;
    for (const v of votes) {
      const r = await api(base, `/api/posts/${v.post_id}`, null);
      const shown = Object.values(((r.json?.poll as { votes?: Record<string, number> }) ?? {}).votes ?? {}).reduce((s, n) => s + n, 0);
      const [rows] = await sql<{ n: number }[]>`select count(*)::int as n from poll_votes where post_id = ${v.post_id}`;
      if (shown !== rows!.n) pollMismatch++;
    }
    check(checks, "poll vote counts (API) = vote rows", pollMismatch === 0, `${pollMismatch} polls differ`);
    const [bal] = await sql<
      { n: number; neg: number }[]
    >`select count(*) filter (where u.point <> coalesce(l.s, 0))::int as n, count(*) filter (where u.point < 0)::int as neg
      from users u left join (select user_id, sum(amount) as s from point_histories group by user_id) l on l.user_id = u.id`;
    check(checks, "every balance = sum of its ledger", bal!.n === 0, `${bal!.n} users differ`);
    check(checks, "no negative balance", bal!.neg === 0);
    const [led] = await sql<{ n: number }[]>`select count(*)::int as n from point_histories where balance < 0`;
    check(checks, "no ledger row below zero", led!.n === 0);
    const [dup] = await sql<
      { n: number }[]
    >`select count(*)::int as n from (select post_id, comment_id, user_id, type from reactions group by 1, 2, 3, 4 having count(*) > 1) x`;
    check(checks, "no duplicate reactions", dup!.n === 0);
    const [lj] = await sql<
      { n: number }[]
    >`select count(*)::int as n from (select post_id, user_id from lottery_participants group by 1, 2 having count(*) > 1) x`;
    check(checks, "one lottery entry per user", lj!.n === 0);
    const [jc] = await sql<{ n: number }[]>`select count(*)::int as n from lottery_participants lp join posts p on p.id = lp.post_id
      where lp.user_id <> p.author_id and not exists (select 1 from point_histories h where h.user_id = lp.user_id and h.post_id = lp.post_id and h.type = 'LOTTERY_JOIN')`;
    check(checks, "every paid lottery entry has its ledger row", jc!.n === 0, `${jc!.n} entries without a charge`);
  } finally {
    await sql.end();
    await server.stop();
  }
  finish(checks);
}

main().catch((e) => {
  console.error(e);
  check(checks, "the script ran to the end", false, String(e));
  finish(checks);
});
