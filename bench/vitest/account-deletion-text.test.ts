// Issue 60's cost check for the text rewrite of a deletion (lib/services/accounts/deleted-text.ts), run with
// `VITEST_BENCH=1 npx vitest run bench/vitest/account-deletion-text.test.ts` (add TEST_DATABASE_URL=… for
// Postgres). 50,000 posts, 50,000 comments and 10,000 history entries of ordinary text (a few hundred of
// them mentioning the members), then DELETE /api/users/me for ROUNDS members in turn: the median time of
// the whole deletion, and the plans of the posts and comments statements' filters (does pg_trgm's GIN
// index on the content serve the `~*`?).
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { db, rawRows } from "@/db";
import { DELETE as deleteMe } from "@/app/api/users/me/route";
import { peerHeaders } from "@/lib/api/client-ip";
import { call, makeCategory, makeUser } from "../../tests/helpers";

const POSTS = 50_000;
const ROUNDS = 5;

/** DELETE /api/users/me keeping the member's content; its time in ms. */
async function deleteKeeping(m: { token: string }, ip: number): Promise<number> {
  const s = performance.now();
  const r = await call(deleteMe, "/api/users/me", {
    method: "DELETE",
    token: m.token,
    headers: peerHeaders(`192.0.2.${ip}`),
    body: { password: "right-password", content: "keep" },
  });
  expect(r.status, r.text).toBe(200);
  return performance.now() - s;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

it("deleting an account over 50k posts, 50k comments, 10k history entries", { timeout: 600_000 }, async () => {
  const author = await makeUser({ username: "bench_del_author" });
  const cat = await makeCategory();
  const members = [];
  for (let i = 0; i < ROUNDS; i++) members.push(await makeUser({ username: `bench_del_${i}`, password: "right-password" }));
  const t0 = performance.now();
  // Every 500th text mentions one of the members; the rest is ordinary prose.
  await db.execute(sql`insert into posts (title, content, author_id, category_id)
    select 'Bench post ' || g || ' about gardens',
           'Some ordinary words about gardens, number ' || g || ', and malice toward none'
             || case when g % 500 = 0 then ' thanks @bench_del_' || (g / 500 % ${ROUNDS}) else '' end,
           ${author.id}, ${cat.id}
    from generate_series(1, ${POSTS}) g`);
  await db.execute(sql`insert into comments (post_id, author_id, content)
    select p.id, ${author.id}, 'A reply on ' || p.title || case when p.id % 500 = 1 then ' cc @bench_del_' || (p.id / 500 % ${ROUNDS}) else '' end
    from posts p where p.author_id = ${author.id}`);
  await db.execute(sql`insert into post_change_logs (post_id, actor_id, type, old_content, new_content)
    select p.id, ${author.id}, 'CONTENT', p.content, p.content || ' (edited)' from posts p
    where p.author_id = ${author.id} order by p.id limit 10000`);
  console.log(`seeded in ${Math.round(performance.now() - t0)} ms`);
  await db.execute(sql`analyze posts`);
  await db.execute(sql`analyze comments`);
  await db.execute(sql`analyze post_change_logs`);

  const pattern = `(?<![A-Za-z0-9_.@-])@(bench_del_0)(?![A-Za-z0-9_-])`;
  for (const table of ["posts", "comments", "post_change_logs"]) {
    const col = table === "post_change_logs" ? "new_content" : "content";
    const plan = await rawRows<Record<string, string>>(
      db,
      sql`explain analyze select id from ${sql.identifier(table)} where ${sql.identifier(col)} ~* ${pattern}`,
    );
    console.log(`${table}:\n  ${plan.map((r) => Object.values(r)[0]).join("\n  ")}`);
  }

  const times: number[] = [];
  let ip = 0;
  for (const m of members) {
    times.push(await deleteKeeping(m, ++ip));
  }
  console.log(`deletion: median ${Math.round(median(times))} ms, each ${times.map(Math.round).join(", ")} ms`);
  const left = await rawRows<{ n: number }>(db, sql`select count(*)::int as n from posts where content ~* '@bench_del_[0-9]\\M'`);
  expect(Number(left[0]!.n)).toBe(0);
});

// The member's own text is theirs to shape: the longest posts (100,000 characters) built to cost the
// rewrite the most, one of each, then the deletion. Every statement runs on the embedded database's one
// thread, so its time is the forum's stall.
const HOSTILE: Record<string, (name: string) => string> = {
  "letters, no name": () => "x".repeat(100_000),
  "the name as words": (name) => `${name} `.repeat(Math.floor(100_000 / (name.length + 1))),
  "mentions of the name": (name) => ` @${name}`.repeat(Math.floor(100_000 / (name.length + 2))),
  "the name in addresses": (name) => `a@${name}.`.repeat(Math.floor(100_000 / (name.length + 3))),
  "the name after links": (name) => `://${name}`.repeat(Math.floor(100_000 / (name.length + 3))),
  "one run without spaces": (name) => `${name}x`.repeat(Math.floor(100_000 / (name.length + 1))),
};

it("deleting an account whose own posts are the most costly 100,000-character texts", { timeout: 600_000 }, async () => {
  const cat = await makeCategory();
  const times: string[] = [];
  let ip = 100;
  for (const [shape, make] of Object.entries(HOSTILE)) {
    const m = await makeUser({ username: `bench_host_${ip}`, password: "right-password" });
    await db.execute(sql`insert into posts (title, content, author_id, category_id)
      values (${shape}, ${make(m.username)}, ${m.id}, ${cat.id})`);
    times.push(`${shape}: ${Math.round(await deleteKeeping(m, ++ip))} ms`);
  }
  console.log(`hostile own texts, deletion time:\n  ${times.join("\n  ")}`);
});
