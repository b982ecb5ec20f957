import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { generateDrizzleJson } from "drizzle-kit/api";
import { describe, expect, it } from "vitest";
import { db, rawRows } from "@/db";
import * as schema from "@/db/schema";
import { GET as health } from "@/app/api/health/route";
import { call } from "../helpers";

const TABLES = [
  "users",
  "api_tokens",
  "rate_limits",
  "daily_counters",
  "categories",
  "tags",
  "posts",
  "post_tags",
  "comments",
  "reactions",
  "post_subscriptions",
  "post_views",
  "polls",
  "poll_votes",
  "lotteries",
  "lottery_participants",
  "lottery_winners",
  "point_goods",
  "point_histories",
  "redemptions",
  "notifications",
  "notification_prefs",
  "post_change_logs",
  "uploads",
  "site_settings",
];
const INDEXES = [
  "users_username_lower_idx",
  "users_email_lower_idx",
  "api_tokens_hash_idx",
  "posts_list_idx",
  "posts_category_list_idx",
  "posts_created_idx",
  "posts_last_reply_idx",
  "post_tags_tag_idx",
  "comments_post_idx",
  "reactions_post_unique",
  "reactions_comment_unique",
  "notifications_user_idx",
  "post_change_logs_post_idx",
  "point_histories_user_idx",
  "poll_votes_unique",
  "lotteries_due_idx",
  "polls_due_idx",
];

describe("schema after migration", () => {
  it("has every table of the domain", async () => {
    const rows = await rawRows<{ table_name: string }>(
      db,
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    );
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
    const r = await call(health, "/api/health");
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: "ok", db: "ok" });
  });
});

/** The parts of a drizzle-kit snapshot these tests read (its own type is lost in drizzle-kit/api's declarations). */
type Named = { name: string };
type Snapshot = {
  tables: Record<
    string,
    Named & {
      columns: Record<string, Named & { type: string; primaryKey: boolean; notNull: boolean; default?: unknown }>;
      indexes: Record<string, Named & { method: string; isUnique: boolean }>;
      foreignKeys: Record<
        string,
        Named & { tableTo: string; columnsFrom: string[]; columnsTo: string[]; onDelete?: string; onUpdate?: string }
      >;
      compositePrimaryKeys: Record<string, Named>;
      uniqueConstraints: Record<string, Named>;
      checkConstraints: Record<string, Named>;
    }
  >;
  enums: Record<string, Named & { values: string[] }>;
  sequences: Record<string, Named>;
};

// What db/schema declares, as drizzle-kit sees it (the snapshot `drizzle-kit generate` diffs against;
// `npm run check:schema` proves the committed migrations' last snapshot is the same).
const declared = generateDrizzleJson(schema as Record<string, unknown>, undefined, undefined, "snake_case") as unknown as Snapshot;
const tables = Object.values(declared.tables);
// In the migrations' SQL only, on purpose (db/schema/posts.ts says why).
const SQL_ONLY_COLUMNS = [
  "comments.search_tsv",
  "posts.search_tsv",
  "posts.content_html",
  "comments.content_html",
  "messages.content_html",
];
const SQL_ONLY_INDEXES = ["comments_search_idx", "posts_search_idx"];

const rows = <T>(query: ReturnType<typeof sql>) => rawRows<T>(db, query);
const sorted = (xs: Iterable<string>) => [...xs].sort();

describe("db/schema is the migrated database", () => {
  it("declares every table, and only those", async () => {
    const found = await rows<{ name: string }>(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    expect(sorted(found.map((r) => r.name))).toEqual(sorted(tables.map((t) => t.name)));
  });

  it("declares every column with its type, nullability and whether it has a default", async () => {
    const found = await rows<{ t: string; c: string; type: string; nn: boolean; def: boolean }>(sql`
      select c.relname as t, a.attname as c, format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as nn, a.atthasdef as def
      from pg_attribute a join pg_class c on c.oid = a.attrelid
      where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped`);
    const inDb = Object.fromEntries(
      found
        .filter((r) => !SQL_ONLY_COLUMNS.includes(`${r.t}.${r.c}`))
        .map((r) => [`${r.t}.${r.c}`, `${r.type}${r.nn ? " not null" : ""}${r.def ? " default" : ""}`]),
    );
    const serial: Record<string, string> = { serial: "integer", bigserial: "bigint", smallserial: "smallint" };
    const inSchema = Object.fromEntries(
      tables.flatMap((t) =>
        Object.values(t.columns).map((c) => [
          `${t.name}.${c.name}`,
          `${serial[c.type] ?? c.type.replace("timestamp (", "timestamp(")}${c.notNull ? " not null" : ""}${c.default !== undefined || serial[c.type] ? " default" : ""}`,
        ]),
      ),
    );
    expect(inDb).toEqual(inSchema);
    for (const c of SQL_ONLY_COLUMNS)
      expect(
        found.map((r) => `${r.t}.${r.c}`),
        c,
      ).toContain(c);
  });

  it("declares every index with its method and uniqueness", async () => {
    const found = await rows<{ name: string; method: string; unique: boolean; constraint: boolean }>(sql`
      select i.relname as name, am.amname as method, ix.indisunique as unique,
        exists (select 1 from pg_constraint k where k.conindid = i.oid and k.contype in ('p', 'u')) as constraint
      from pg_index ix join pg_class i on i.oid = ix.indexrelid join pg_class t on t.oid = ix.indrelid join pg_am am on am.oid = i.relam
      where t.relnamespace = 'public'::regnamespace`);
    const inDb = Object.fromEntries(
      found
        .filter((r) => !r.constraint && !SQL_ONLY_INDEXES.includes(r.name))
        .map((r) => [r.name, `${r.method}${r.unique ? " unique" : ""}`]),
    );
    const inSchema = Object.fromEntries(
      tables.flatMap((t) => Object.values(t.indexes).map((i) => [i.name, `${i.method}${i.isUnique ? " unique" : ""}`])),
    );
    expect(inDb).toEqual(inSchema);
    for (const i of SQL_ONLY_INDEXES)
      expect(
        found.map((r) => r.name),
        i,
      ).toContain(i);
  });

  it("declares every constraint under the name it has, and each foreign key's target and ON DELETE", async () => {
    const found = await rows<{ t: string; name: string; type: string; def: string }>(sql`
      select conrelid::regclass::text as t, conname as name, contype as type, pg_get_constraintdef(oid) as def
      from pg_constraint where connamespace = 'public'::regnamespace and contype in ('p', 'u', 'f', 'c')`);
    const inDb = Object.fromEntries(found.map((r) => [`${r.t}.${r.name}`, r.type === "f" ? r.def : r.type]));
    const inSchema: Record<string, string> = {};
    for (const t of tables) {
      for (const c of Object.values(t.columns)) if (c.primaryKey) inSchema[`${t.name}.${t.name}_pkey`] = "p";
      for (const k of Object.values(t.compositePrimaryKeys)) inSchema[`${t.name}.${k.name}`] = "p";
      for (const u of Object.values(t.uniqueConstraints)) inSchema[`${t.name}.${u.name}`] = "u";
      for (const c of Object.values(t.checkConstraints)) inSchema[`${t.name}.${c.name}`] = "c";
      for (const f of Object.values(t.foreignKeys)) {
        const action = (on: string, a?: string) => (a && a !== "no action" ? ` ON ${on} ${a.toUpperCase()}` : "");
        inSchema[`${t.name}.${f.name}`] =
          `FOREIGN KEY (${f.columnsFrom.join(", ")}) REFERENCES ${f.tableTo}(${f.columnsTo.join(", ")})${action("UPDATE", f.onUpdate)}${action("DELETE", f.onDelete)}`;
      }
    }
    expect(inDb).toEqual(inSchema);
  });

  it("declares every sequence of its own and every enum with its values in order", async () => {
    const seqs = await rows<{ name: string }>(sql`
      select c.relname as name from pg_class c
      where c.relkind = 'S' and c.relnamespace = 'public'::regnamespace
        and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype in ('a', 'i'))`);
    expect(sorted(seqs.map((r) => r.name))).toEqual(sorted(Object.values(declared.sequences).map((s) => s.name)));
    const enums = await rows<{ name: string; labels: string }>(sql`
      select t.typname as name, string_agg(e.enumlabel, ',' order by e.enumsortorder) as labels
      from pg_type t join pg_enum e on e.enumtypid = t.oid where t.typnamespace = 'public'::regnamespace group by t.typname`);
    expect(Object.fromEntries(enums.map((r) => [r.name, r.labels.split(",")]))).toEqual(
      Object.fromEntries(Object.values(declared.enums).map((e) => [e.name, e.values])),
    );
  });

  it("names every trigger and function of the migrations' SQL beside the tables in db/schema", async () => {
    const dir = path.resolve("db/schema");
    const text = readdirSync(dir)
      .map((f) => readFileSync(path.join(dir, f), "utf8"))
      .join("\n");
    const triggers = await rows<{ name: string }>(
      sql`select tgname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid where not t.tgisinternal and c.relnamespace = 'public'::regnamespace`,
    );
    const functions = await rows<{ name: string }>(sql`
      select p.proname as name from pg_proc p where p.pronamespace = 'public'::regnamespace
        and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`);
    expect(triggers.length).toBeGreaterThan(0);
    for (const { name } of [...triggers, ...functions])
      expect(text, `${name} is not named in db/schema`).toMatch(new RegExp(`\\b${name}\\b`));
  });
});
