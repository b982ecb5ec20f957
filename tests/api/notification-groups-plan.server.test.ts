import { mkdirSync, writeFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, rawRows } from "@/db";
import { groupPageSql, listNotificationGroups } from "@/lib/services/notifications/groups";
import { listNotifications } from "@/lib/services/notifications/notifications";
import type { Viewer } from "@/lib/viewer";
import { makeCategory, makeUser } from "../helpers";

/**
 * The grouped list's plan at a realistic size, on the Postgres server only (TEST_DATABASE_URL; PGlite's
 * planner is the same but its timings say little): 3,000 members with 150 notifications each (450,000
 * rows) and one busy member with 31,000 (a poll with 20,000 votes, replies on 200 posts, follows).
 * The page must walk notifications_user_idx and answer "is there a newer one in the group" and each
 * group's count through notifications_group_idx, never scanning the table. The plans and timings are
 * written to test-results/notification-groups-explain.txt. A `.server.test.ts` file: vitest.config.ts
 * leaves it out of the PGlite pass.
 */
describe("the grouped list's plan at 480,000 notifications", () => {
  it("pages of groups use the indexes and take milliseconds", { timeout: 300_000 }, async () => {
    const me = await makeUser();
    const viewer: Viewer = { id: me.id, username: me.username, role: "USER", scopes: ["read"], via: "token" };
    const cat = await makeCategory();
    const t0 = performance.now();
    await db.transaction(async (tx) => {
      // Triggers (live events, mail queue, foreign keys) off for the bulk rows, as bench/seed.ts does.
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`insert into users (username, email, password_hash)
        select 'plan_' || g, 'plan_' || g || '@example.test', 'x' from generate_series(1, 3000) g`);
      await tx.execute(sql`insert into posts (title, content, author_id, category_id)
        select 'Plan post ' || g, 'body', ${me.id}, ${cat.id} from generate_series(1, 400) g`);
      const range = await rawRows<{ u0: number; p0: number }>(
        tx,
        sql`select (select min(id) from users where username like 'plan\_%') as u0, (select min(id) from posts where title like 'Plan post %') as p0`,
      );
      const { u0, p0 } = range[0]!;
      // Everyone else: 150 notifications each over the 400 posts, a mix of types, the oldest read.
      await tx.execute(sql`insert into notifications (user_id, type, post_id, from_user_id, read, created_at)
        select ${u0} + (g % 3000), (array['COMMENT_REPLY','POLL_VOTE','MENTION','REACTION','POST_UPDATED'])[1 + g % 5]::notification_type,
          ${p0} + (g * 7 % 400), ${u0} + (g * 13 % 3000), g < 300000, now() - (450000 - g) * interval '1 second'
        from generate_series(1, 450000) g`);
      // The busy member: 20,000 votes in one poll, 10,000 replies over 200 posts, 1,000 follows.
      await tx.execute(sql`insert into notifications (user_id, type, post_id, from_user_id, read, created_at)
        select ${me.id}, 'POLL_VOTE', ${p0}, ${u0} + (g % 3000), g < 19900, now() - (40000 - g * 2) * interval '1 second'
        from generate_series(1, 20000) g`);
      await tx.execute(sql`insert into notifications (user_id, type, post_id, comment_id, from_user_id, read, created_at)
        select ${me.id}, 'COMMENT_REPLY', ${p0} + 1 + (g % 200), null, ${u0} + (g * 31 % 3000), g < 9500,
          now() - (40001 - g * 4) * interval '1 second'
        from generate_series(1, 10000) g`);
      await tx.execute(sql`insert into notifications (user_id, type, from_user_id, read, created_at)
        select ${me.id}, 'USER_FOLLOWED', ${u0} + g, g < 990, now() - (40002 - g * 40) * interval '1 second'
        from generate_series(1, 1000) g`);
    });
    // As autovacuum leaves a table after a bulk insert: statistics and the visibility map (index-only scans).
    await db.execute(sql`vacuum analyze notifications`);
    await db.execute(sql`analyze users`);
    await db.execute(sql`analyze posts`);
    const seeded = performance.now() - t0;

    const report: string[] = [`seeded 481,000 notifications in ${(seeded / 1000).toFixed(1)} s`];
    const explain = async (label: string, page: number, unread: boolean) => {
      const q = { page, pageSize: 20, unread };
      await rawRows(db, groupPageSql(me.id, q)); // warm
      const rows = await rawRows<{ "QUERY PLAN": string }>(db, sql`explain (analyze, buffers, costs off) ${groupPageSql(me.id, q)}`);
      const plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
      report.push(`--- ${label} (page ${page}, pageSize 20${unread ? ", unread only" : ""})`, plan);
      return plan;
    };
    const first = await explain("busy member, first page", 0, false);
    const deep = await explain("busy member, page 10", 10, false);
    // The page that holds the 19,900 read votes: that group's count and latest members read 19,900 index entries.
    let big = 0;
    while (!(await listNotificationGroups(viewer, { page: big, pageSize: 20, unread: false })).items.some((g) => g.count === 19899)) big++;
    const biggest = await explain("busy member, the page with the group of 19,899 read votes", big, false);
    const unreadOnly = await explain("busy member, unread", 0, true);
    for (const plan of [first, deep, unreadOnly, biggest]) {
      expect(plan).toMatch(/notifications_group_idx/);
      expect(plan).not.toMatch(/Seq Scan on notifications/);
    }
    const ms = (plan: string) => Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1]);

    // The whole page as the endpoint answers it, timed.
    const times: number[] = [];
    const flatTimes: number[] = [];
    for (let i = 0; i < 10; i++) {
      let t = performance.now();
      await listNotifications(viewer, { page: 0, size: 20 });
      flatTimes.push(performance.now() - t);
      t = performance.now();
      const page = await listNotificationGroups(viewer, { page: 0, pageSize: 20, unread: false });
      times.push(performance.now() - t);
      // The newest group: the poll's 101 unread votes (19,900 read ones are a group further down).
      expect([page.items[0]!.kind, page.items[0]!.count, page.items[0]!.read]).toEqual(["votes", 101, false]);
    }
    times.sort((a, b) => a - b);
    flatTimes.sort((a, b) => a - b);
    report.unshift(
      `statement ms (EXPLAIN ANALYZE execution): first page ${ms(first)}, page 10 ${ms(deep)}, unread ${ms(unreadOnly)}, page ${big} (group of 19,899) ${ms(biggest)}`,
      `listNotificationGroups page 0 (20 groups) in-process ms: p50 ${times[5]!.toFixed(1)}, max ${times[9]!.toFixed(1)}; the flat listNotifications (20): p50 ${flatTimes[5]!.toFixed(1)}, max ${flatTimes[9]!.toFixed(1)}`,
    );
    mkdirSync("test-results", { recursive: true });
    writeFileSync("test-results/notification-groups-explain.txt", report.join("\n") + "\n");
    console.log(report.slice(0, 3).join("\n"));
    expect(ms(biggest)).toBeLessThan(200);
    expect(ms(first)).toBeLessThan(100);
  });
});
