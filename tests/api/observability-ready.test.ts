import { sql } from "drizzle-orm";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { db, rawRows } from "@/db";
import { GET as ready } from "@/app/api/ready/route";
import { GET as health } from "@/app/api/health/route";
import { routeOf, setRouteTemplates } from "@/lib/front/metrics";
import { call } from "../helpers";

describe("GET /api/ready", () => {
  it("is ready on a migrated database", async () => {
    const r = await call(ready, "/api/ready");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: "ready", db: "ok", migrations: { running: false } });
    expect(r.body.migrations.expected).toBeGreaterThan(40);
    expect(r.body.migrations.applied).toBe(r.body.migrations.expected);
  });

  it("answers 503 while a process holds the migration lock, and is ready again after; /api/health stays 200", async () => {
    // The lock is a session's: on Postgres a connection of its own holds it (the pool would send the unlock
    // elsewhere), as a migrating process does; PGlite has one session.
    const own = process.env.DATABASE_URL ? postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} }) : null;
    if (own) await own`select pg_advisory_lock(727274)`;
    else await db.execute(sql`select pg_advisory_lock(727274)`);
    try {
      const r = await call(ready, "/api/ready");
      expect(r.status).toBe(503);
      expect(r.body).toMatchObject({ status: "not_ready", db: "ok", migrations: { running: true } });
      expect((await call(health, "/api/health")).status).toBe(200);
    } finally {
      if (own) await own.end();
      else await db.execute(sql`select pg_advisory_unlock(727274)`);
    }
    expect((await call(ready, "/api/ready")).status).toBe(200);
  });

  it("answers 503 when a migration of this build is not applied", async () => {
    const [row] = await rawRows<{ id: number; hash: string; created_at: string }>(
      db,
      sql`select id, hash, created_at from drizzle.__drizzle_migrations order by id desc limit 1`,
    );
    if (!row) throw new Error("no migration recorded");
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${row.id}`);
    try {
      const r = await call(ready, "/api/ready");
      expect(r.status).toBe(503);
      expect(r.body.migrations.applied).toBe(r.body.migrations.expected - 1);
    } finally {
      await db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${row.id}, ${row.hash}, ${row.created_at})`,
      );
    }
  });
});

describe("metrics route labels", () => {
  it("labels a URL by its route template, static before dynamic, catch-alls last", () => {
    setRouteTemplates([
      "/",
      "/posts/[id]",
      "/posts/[id]/history",
      "/new",
      "/api/posts/[id]",
      "/api/posts/featured",
      "/[...missing]",
      "/u/[username]",
      "/icon.svg",
    ]);
    expect(routeOf("/")).toBe("/");
    expect(routeOf("/posts/12?x=1")).toBe("/posts/[id]");
    expect(routeOf("/posts/12/history")).toBe("/posts/[id]/history");
    expect(routeOf("/api/posts/featured")).toBe("/api/posts/featured");
    expect(routeOf("/api/posts/9")).toBe("/api/posts/[id]");
    expect(routeOf("/u/%E4%BD%A0%E5%A5%BD")).toBe("/u/[username]");
    expect(routeOf("/icon.svg")).toBe("/icon.svg");
    expect(routeOf("/no/such/page")).toBe("/[...missing]");
    expect(routeOf("/_next/static/chunks/a.js")).toBe("/_next/static");
    expect(routeOf("/u/%E0%A4%A")).toBe("other");
  });
});
