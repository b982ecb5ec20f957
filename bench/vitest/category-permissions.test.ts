// Issue 57's cost check, run with `VITEST_BENCH=1 npx vitest run bench/vitest/category-permissions.test.ts`
// (add TEST_DATABASE_URL=… for Postgres). In one run, alternating rounds: GET /api/posts and the home
// page's data (listPostsPage + listFacets) for a member in three groups, "before" (no permission rows:
// the rule's subquery finds nothing, as on a forum that never set one) and "after" (three categories
// restricted to the member's three groups, three more to staff). Caches off (LIST_CACHE=0), so each call
// runs its queries; the query count per call is printed too (it must not grow).
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { db, dbStats } from "@/db";
import { categoryPermissions, groupMembers, groups, posts } from "@/db/schema";
import { GET as listPosts } from "@/app/api/posts/route";
import { listPostsPage } from "@/lib/services/posts/list";
import { listFacets } from "@/lib/cache/list-cache";
import { asViewer, call, makeCategory, makeTag, makeUser } from "../../tests/helpers";

const ROUNDS = 6;
const CALLS = 40;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

it("home and /api/posts for a member in three groups: before/after", { timeout: 600_000 }, async () => {
  const author = await makeUser();
  const member = await makeUser();
  const tag = await makeTag();
  const cats: Awaited<ReturnType<typeof makeCategory>>[] = [];
  for (let i = 0; i < 9; i++) cats.push(await makeCategory());
  await db.insert(posts).values(
    Array.from({ length: 300 }, (_, i) => ({
      title: `Bench post ${i}`,
      content: `content ${i}`,
      authorId: author.id,
      categoryId: cats[i % cats.length]!.id,
      status: "PUBLISHED" as const,
      visibleScope: "ALL" as const,
    })),
  );
  void tag;
  const gs = await db
    .insert(groups)
    .values([0, 1, 2].map((i) => ({ name: `bench-group-${i}-${member.id}` })))
    .returning({ id: groups.id });
  await db.insert(groupMembers).values(gs.map((g) => ({ groupId: g.id, userId: member.id })));
  const rules = [
    ...gs.map((g, i) => ({ categoryId: cats[i]!.id, action: "see" as const, principal: "group" as const, groupId: g.id })),
    ...[3, 4, 5].map((i) => ({ categoryId: cats[i]!.id, action: "see" as const, principal: "staff" as const, groupId: null })),
  ];
  const viewer = asViewer(member);

  const time = async (f: () => Promise<unknown>) => {
    const t: number[] = [];
    let q = 0;
    for (let i = 0; i < CALLS; i++) {
      const q0 = dbStats.queries;
      const s = performance.now();
      await f();
      t.push(performance.now() - s);
      q = dbStats.queries - q0;
    }
    return { ms: median(t), queries: q };
  };
  const api = () => call(listPosts, "/api/posts?pageSize=20", { token: member.token }).then((r) => expect(r.status).toBe(200));
  const home = () => Promise.all([listPostsPage(viewer, { categoryIds: [], tagIds: [], page: 0, pageSize: 20 }), listFacets(viewer)]);

  const out: Record<string, { ms: number[]; queries: number }> = {};
  const note = (k: string, r: { ms: number; queries: number }) => (
    (out[k] ??= { ms: [], queries: r.queries }).ms.push(r.ms),
    (out[k].queries = r.queries)
  );
  for (let round = 0; round < ROUNDS; round++) {
    await db.execute(
      sql`delete from category_permissions where category_id in (${sql.join(
        cats.map((c) => sql`${c.id}::int`),
        sql`, `,
      )})`,
    );
    note("api before", await time(api));
    note("home before", await time(home));
    await db.insert(categoryPermissions).values(rules);
    note("api after", await time(api));
    note("home after", await time(home));
  }
  const lines = Object.entries(out).map(
    ([k, v]) => `${k}: median ${median(v.ms).toFixed(2)} ms over ${ROUNDS} rounds of ${CALLS} calls, ${v.queries} queries/call`,
  );
  console.log(`[bench] ${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}\n${lines.join("\n")}`);
  expect(out["api after"]!.queries).toBe(out["api before"]!.queries);
});
