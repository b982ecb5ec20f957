import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, rawRows } from "@/db";
import { GET as health } from "@/app/api/health/route";
import { call } from "../helpers";

const TABLES = [
  "users", "api_tokens", "rate_limits", "daily_counters", "categories", "tags", "posts", "post_tags", "comments",
  "reactions", "post_subscriptions", "post_views", "polls", "poll_votes", "lotteries", "lottery_participants",
  "lottery_winners", "point_goods", "point_histories", "redemptions", "notifications", "notification_prefs",
  "post_change_logs", "uploads", "site_settings",
];
const INDEXES = [
  "users_username_lower_idx", "users_email_lower_idx", "api_tokens_hash_idx", "posts_list_idx", "posts_category_list_idx",
  "posts_created_idx", "posts_last_reply_idx", "post_tags_tag_idx", "comments_post_idx", "reactions_post_unique",
  "reactions_comment_unique", "notifications_user_idx", "post_change_logs_post_idx", "point_histories_user_idx",
  "poll_votes_unique", "lotteries_due_idx", "polls_due_idx",
];

describe("schema after migration", () => {
  it("has every table of the domain", async () => {
    const rows = await rawRows<{ table_name: string }>(db, sql`select table_name from information_schema.tables where table_schema = 'public'`);
    const names = rows.map((r) => r.table_name);
    for (const t of TABLES) expect(names, t).toContain(t);
  });

  it("has the indexes the list endpoints use", async () => {
    const rows = await rawRows<{ indexname: string }>(db, sql`select indexname from pg_indexes where schemaname = 'public'`);
    const names = rows.map((r) => r.indexname);
    for (const i of INDEXES) expect(names, i).toContain(i);
  });

  it("enforces case-insensitive unique usernames and non-negative balances", async () => {
    await db.execute(sql`insert into users (username, email) values ('Alice', 'a@x.test')`);
    await expect(db.execute(sql`insert into users (username, email) values ('alice', 'b@x.test')`)).rejects.toThrow();
    await expect(db.execute(sql`update users set point = -1 where username = 'Alice'`)).rejects.toThrow();
  });

  it("reports health", async () => {
    const r = await call(health as never, "/api/health");
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: "ok", db: "ok" });
  });
});
