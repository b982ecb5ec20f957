// /api/admin/backups (issue 56 item 4): admin only, every action audited; back up now with progress,
// listed with size and counts, streamed download (no-store), delete; the schedule claimed once across
// concurrent scheduler passes; a failed scheduled backup on the dashboard alert and mailed to admins.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/db";
import { auditLogs, backupRuns, backupSchedule, mailOutbox } from "@/db/schema";
import { GET as list, POST as start } from "@/app/api/admin/backups/route";
import { GET as getRun } from "@/app/api/admin/backups/runs/[id]/route";
import { PUT as schedule } from "@/app/api/admin/backups/schedule/route";
import { DELETE as remove } from "@/app/api/admin/backups/[name]/route";
import { GET as download } from "@/app/api/admin/backups/[name]/download/route";
import { POST as command } from "@/app/api/admin/backups/command/route";
import { peerHeaders } from "@/lib/api/client-ip";
import { localFolderTarget } from "@/lib/backup/target";
import { getBackupAlert, runFinished, runScheduledBackup, setBackupTarget } from "@/lib/services/backups/backups";
import { call, makeUser, type TestUser } from "../helpers";

let dir: string;
let admin: TestUser;
let moderator: TestUser;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "forum-admin-backups-"));
  setBackupTarget(() => localFolderTarget(dir));
  admin = await makeUser({ role: "ADMIN" });
  moderator = await makeUser({ role: "MODERATOR" });
});
afterAll(async () => {
  setBackupTarget(undefined);
  await rm(dir, { recursive: true, force: true });
});

describe("admin backups", () => {
  it("refuses members and moderators", async () => {
    for (const u of [moderator]) {
      expect((await call(list, "/api/admin/backups", { token: u.token })).status).toBe(403);
      expect((await call(start, "/api/admin/backups", { method: "POST", token: u.token })).status).toBe(403);
      expect(
        (await call(schedule, "/api/admin/backups/schedule", { method: "PUT", token: u.token, body: { frequency: "daily", keep: 3 } }))
          .status,
      ).toBe(403);
    }
    expect((await call(list, "/api/admin/backups")).status).toBe(401);
    // The command's path: the token of the running forum and a loopback peer, nothing else.
    expect(
      (
        await call(command, "/api/admin/backups/command", {
          method: "POST",
          headers: { "x-forum-backup-token": "guess", ...peerHeaders("127.0.0.1") },
          body: {},
        })
      ).status,
    ).toBe(403);
  });

  it("backs up now, shows progress, lists it, streams the download, deletes it — audited", async () => {
    const r = await call(start, "/api/admin/backups", { method: "POST", token: admin.token });
    expect(r.status).toBe(201);
    expect(r.body.status).toBe("running");
    // A second one while it runs: 409.
    expect((await call(start, "/api/admin/backups", { method: "POST", token: admin.token })).status).toBe(409);
    const seen = new Set<string>();
    await vi.waitFor(
      async () => {
        const p = await call(getRun, `/api/admin/backups/runs/${r.body.id}`, { token: admin.token, params: { id: String(r.body.id) } });
        if (p.body.progress) seen.add(p.body.progress.stage);
        expect(p.body.status).toBe("done");
      },
      { timeout: 120_000, interval: 50 },
    );
    await runFinished(r.body.id);
    expect(seen.size).toBeGreaterThan(0);
    const l = await call(list, "/api/admin/backups", { token: admin.token });
    expect(l.status).toBe(200);
    const b = l.body.backups[0];
    expect(b.bytes).toBeGreaterThan(1000);
    expect(b.counts["public.users"]).toBeGreaterThanOrEqual(2);
    expect(l.body.runs[0]).toMatchObject({ id: r.body.id, status: "done", fileName: b.name, requestedBy: admin.username });

    const res = await (download as unknown as (r: Request, c: unknown) => Promise<Response>)(
      new Request(`http://localhost:3000/api/admin/backups/${b.name}/download`, { headers: { authorization: `Bearer ${admin.token}` } }),
      { params: Promise.resolve({ name: b.name }) },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("content-type")).toBe("application/gzip");
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.length).toBe(b.bytes);
    expect(body[0]).toBe(0x1f);

    expect(
      (await call(remove, `/api/admin/backups/x`, { method: "DELETE", token: admin.token, params: { name: "../../etc/passwd" } })).status,
    ).toBe(404);
    const d = await call(remove, `/api/admin/backups/${b.name}`, { method: "DELETE", token: admin.token, params: { name: b.name } });
    expect(d.status).toBe(200);
    expect((await call(list, "/api/admin/backups", { token: admin.token })).body.backups).toHaveLength(0);
    const actions = (await db.select({ a: auditLogs.action }).from(auditLogs).where(eq(auditLogs.actorId, admin.id))).map((x) => x.a);
    expect(actions).toEqual(expect.arrayContaining(["backup.create", "backup.download", "backup.delete"]));
  }, 180_000);

  it("a schedule: saved, validated, run once by concurrent passes, keeps the last N", async () => {
    const bad = await call(schedule, "/api/admin/backups/schedule", {
      method: "PUT",
      token: admin.token,
      body: { frequency: "daily", keep: 0 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe("keep");
    const s = await call(schedule, "/api/admin/backups/schedule", {
      method: "PUT",
      token: admin.token,
      body: { frequency: "daily", keep: 1 },
    });
    expect(s.status).toBe(200);
    expect(new Date(s.body.nextRunAt).getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    for (let round = 0; round < 2; round++) {
      await db
        .update(backupSchedule)
        .set({ nextRunAt: sql`now() - interval '1 minute'` })
        .where(eq(backupSchedule.id, 1));
      // Two scheduler passes at once (two processes): one claims the time.
      await Promise.all([runScheduledBackup(), runScheduledBackup(), runScheduledBackup()]);
      const runs = await db.select().from(backupRuns).where(eq(backupRuns.trigger, "scheduled"));
      expect(runs.filter((x) => x.status === "running")).toHaveLength(1);
      await runFinished(runs.find((x) => x.status === "running")!.id);
    }
    const runs = await db.select().from(backupRuns).where(eq(backupRuns.trigger, "scheduled"));
    expect(runs).toHaveLength(2);
    expect(runs.every((x) => x.status === "done")).toBe(true);
    // keep 1: only the newest scheduled file is left.
    const l = await call(list, "/api/admin/backups", { token: admin.token });
    expect(l.body.backups.map((b: { name: string }) => b.name)).toEqual([runs.sort((a, b) => b.id - a.id)[0]!.fileName]);
    expect(await getBackupAlert({ ...admin, scopes: [], via: "token" })).toBeNull();
  }, 240_000);

  it("a failed scheduled backup: on the dashboard alert and mailed to the admins", async () => {
    // A store that refuses every write (a full disk, a missing bucket).
    setBackupTarget(() => ({ ...localFolderTarget(dir), put: async () => Promise.reject(new Error("No space left on the device")) }));
    await db
      .update(backupSchedule)
      .set({ nextRunAt: sql`now() - interval '1 minute'` })
      .where(eq(backupSchedule.id, 1));
    await runScheduledBackup();
    const [run] = await db.select().from(backupRuns).where(eq(backupRuns.status, "running"));
    await runFinished(run!.id);
    setBackupTarget(() => localFolderTarget(dir));
    const alert = await getBackupAlert({ ...admin, scopes: [], via: "token" });
    expect(alert?.error).toBe("No space left on the device");
    expect(await getBackupAlert({ ...moderator, scopes: [], via: "token" })).toBeNull();
    const mails = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "backup-failed"), eq(mailOutbox.userId, admin.id)));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.data).toMatchObject({ error: "No space left on the device" });
  }, 240_000);
});
