// Read replicas at the edge (issue 59): where reads go and what a write answers with, on this test's one
// database. The replication itself (a real standby, paused, stopped, restarted) is scripts/reliability/replica.ts.
import { afterEach, describe, expect, it } from "vitest";
import { POST as postComment, GET as listComments } from "@/app/api/posts/[id]/comments/route";
import { db } from "@/db";
import { closeReplicas, fillFrom, lsnValue, primaryLsn, readDb, replicaStatus, replicasConfigured, startReplicas } from "@/db/replicas";
import { readFromFor, WAL_COOKIE } from "@/lib/api/read-from";
import { settingProblems } from "@/lib/env";
import { call, makeUser } from "../helpers";
import { makePost } from "./comments-fixtures";

const onServer = !!process.env.DATABASE_URL;

afterEach(async () => {
  delete process.env.DATABASE_REPLICA_URLS;
  await closeReplicas();
});

describe("read replicas", () => {
  it("orders WAL positions as numbers, not as text", () => {
    expect(lsnValue("0/9") < lsnValue("0/10")).toBe(true);
    expect(lsnValue("0/FFFFFFFF") < lsnValue("1/0")).toBe(true);
    expect(lsnValue("A/0") > lsnValue("9/FFFFFFFF")).toBe(true);
    expect(lsnValue("nonsense")).toBe(-1n);
    expect(lsnValue(undefined)).toBe(-1n);
  });

  it("validates the settings with the others", () => {
    expect(settingProblems({ DATABASE_REPLICA_URLS: "postgres://r1/db, mysql://r2/db" })).toEqual([
      expect.stringMatching(
        /^DATABASE_REPLICA_URLS=.*: DATABASE_REPLICA_URLS must be a comma-separated list of postgres:\/\/ URLs|^DATABASE_REPLICA_URLS=.*must be a comma-separated list/,
      ),
    ]);
    expect(settingProblems({ DATABASE_REPLICA_URLS: "postgres://r1/db,postgresql://r2/db" })).toEqual([]);
    expect(settingProblems({ DATABASE_POOLER: "session" })[0]).toMatch(/^DATABASE_POOLER=session: must be one of none, transaction/);
    expect(settingProblems({ REPLICA_MAX_LAG_MS: "0" })[0]).toMatch(/^REPLICA_MAX_LAG_MS=0: must be a whole number from 10 to 600000/);
  });

  it("without replicas: every read is the primary's and a write sets no position", async () => {
    const u = await makeUser();
    const post = await makePost(u.id);
    expect(replicasConfigured()).toBe(false);
    expect(readFromFor(new Headers({ cookie: `${WAL_COOKIE}=0/1` }), null)).toBe("primary");
    expect(readDb("replica")).toBe(db);
    expect(await fillFrom("replica")).toBe("primary");
    const c = await call(postComment, `/api/posts/${post.id}/comments`, {
      token: u.token,
      body: { content: "hi" },
      params: { id: String(post.id) },
    });
    expect(c.status).toBe(201);
    expect(c.headers.get("x-forum-wal")).toBeNull();
    expect(c.headers.get("set-cookie") ?? "").not.toContain(WAL_COOKIE);
  });

  it("a configured 'replica' that is a primary takes no reads; a write answers with the primary's position", async () => {
    const u = await makeUser();
    const post = await makePost(u.id);
    // The test database itself as the replica: pg_last_wal_replay_lsn() is null there (not a standby).
    process.env.DATABASE_REPLICA_URLS = process.env.DATABASE_URL || "postgres://127.0.0.1:1/none";
    await startReplicas();
    if (!onServer) {
      // The embedded database has no replicas: the setting is ignored, nothing changes.
      expect(replicasConfigured()).toBe(false);
      expect(await primaryLsn()).toBeNull();
      return;
    }
    expect(replicasConfigured()).toBe(true);
    const [status] = replicaStatus();
    expect(status).toMatchObject({ healthy: false, error: expect.stringContaining("not a standby") });
    expect(readDb("replica")).toBe(db);
    expect(await fillFrom("replica")).toBe("primary");

    const c = await call(postComment, `/api/posts/${post.id}/comments`, {
      token: u.token,
      body: { content: "mine" },
      params: { id: String(post.id) },
    });
    expect(c.status).toBe(201);
    const wal = c.headers.get("x-forum-wal")!;
    expect(wal).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);
    expect(c.headers.get("set-cookie")).toMatch(
      new RegExp(`${WAL_COOKIE}=${wal.replace("/", "\\/")}; Path=/; Max-Age=\\d+; HttpOnly; SameSite=Lax`),
    );
    // The position is the primary's after the commit: nothing committed later is before it.
    expect(lsnValue(await primaryLsn())).toBeGreaterThanOrEqual(lsnValue(wal));
    // A failed write sets nothing.
    const bad = await call(postComment, `/api/posts/999999/comments`, { token: u.token, body: { content: "x" }, params: { id: "999999" } });
    expect(bad.status).toBe(404);
    expect(bad.headers.get("x-forum-wal")).toBeNull();
    // Reads keep working (from the primary) and show the write.
    const list = await call(listComments, `/api/posts/${post.id}/comments`, {
      params: { id: String(post.id) },
      headers: { cookie: `${WAL_COOKIE}=${wal}` },
    });
    expect(list.status).toBe(200);
    expect(list.body.map((x: { id: number }) => x.id)).toContain(c.body.id);
  });
});
