import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db, rawRows } from "@/db";
import { mailOutbox, users } from "@/db/schema";
import { POST as postComment } from "@/app/api/posts/[id]/comments/route";
import { env } from "@/lib/env";
import { claimDueMail, enqueueMail, markSent } from "@/lib/mail/outbox";
import { drainOutbox, outboxIdle, processReplyMail } from "@/lib/jobs/mail-drain";
import { call, makeCategory, makeUser } from "../helpers";
import { TestSmtp } from "./mail-helpers";

/** The outbox against a real SMTP server: exactly once with racing drainers, retries with backoff, outages. */

const smtp = new TestSmtp();
beforeAll(async () => {
  process.env.MAIL_RETRY_BASE_SEC = "60";
  process.env.MAIL_MAX_ATTEMPTS = "3";
  await smtp.start();
});
afterAll(async () => {
  await outboxIdle();
  await smtp.stop();
});
beforeEach(async () => {
  smtp.received = [];
  smtp.rejectWith = null;
  await db.execute(sql`delete from mail_outbox`);
});

async function unverifiedUsers(n: number) {
  const out: { id: number; email: string }[] = [];
  for (let i = 0; i < n; i++) {
    const u = await makeUser();
    await db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, u.id));
    out.push({ id: u.id, email: `${u.username.toLowerCase()}@example.test` });
  }
  return out;
}

const rows = () => db.select().from(mailOutbox).orderBy(mailOutbox.id);
/** Pretends the backoff has passed. */
const makeDue = () =>
  db
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(eq(mailOutbox.status, "pending"));

describe("mail outbox", () => {
  it("is drained exactly once by two drainers racing", async () => {
    const people = await unverifiedUsers(24);
    await enqueueMail(
      db,
      people.map((p) => ({ kind: "verify" as const, to: p.email, userId: p.id })),
    );
    const [a, b] = await Promise.all([drainOutbox({ batch: 3, worker: "drainer-a" }), drainOutbox({ batch: 3, worker: "drainer-b" })]);
    expect(a.sent + b.sent).toBe(24);
    expect(a.sent).toBeGreaterThan(0);
    expect(b.sent).toBeGreaterThan(0);

    expect(a.retried + b.retried + a.failed + b.failed + a.cancelled + b.cancelled).toBe(0);
    // Every address got exactly one mail, and every row says sent, claimed by one of the two.
    expect(smtp.received).toHaveLength(24);
    expect(new Set(smtp.received.map((m) => m.to)).size).toBe(24);
    for (const p of people) expect(smtp.to(p.email), p.email).toHaveLength(1);
    const left = await rows();
    expect(left.every((r) => r.status === "sent" && r.attempts === 1 && r.sentAt !== null)).toBe(true);
    for (const r of left) expect(["drainer-a", "drainer-b"]).toContain(r.claimedBy);
    // Nothing is left to claim.
    expect(await drainOutbox()).toEqual({ sent: 0, retried: 0, failed: 0, cancelled: 0 });
    expect(smtp.received).toHaveLength(24);
  });

  it("retries with exponential backoff while the SMTP server refuses, then delivers once", async () => {
    const [p] = await unverifiedUsers(1);
    await enqueueMail(db, { kind: "verify", to: p!.email, userId: p!.id });
    smtp.rejectWith = 451;

    const t0 = Date.now();
    expect(await drainOutbox()).toMatchObject({ sent: 0, retried: 1 });
    let [r] = await rows();
    expect(r).toMatchObject({ status: "pending", attempts: 1 });
    expect(r!.lastError).toMatch(/451/);
    const wait1 = (r!.nextAttemptAt.getTime() - t0) / 1000;
    expect(wait1).toBeGreaterThan(55);
    expect(wait1).toBeLessThan(65);
    // Not due yet: a drain now does nothing.
    expect(await drainOutbox()).toEqual({ sent: 0, retried: 0, failed: 0, cancelled: 0 });
    // The admin page's outbox summary shows the row waiting to be retried, with the server's answer.
    const { outboxSummary } = await import("@/lib/mail/files");
    const summary = await outboxSummary();
    expect(summary.counts).toMatchObject({ pending: 1, sent: 0 });
    expect(summary.troubled).toEqual([expect.objectContaining({ id: r!.id, kind: "verify", status: "pending", attempts: 1 })]);
    expect(summary.troubled[0]!.lastError).toMatch(/451/);

    await makeDue();
    const t1 = Date.now();
    expect(await drainOutbox()).toMatchObject({ retried: 1 });
    [r] = await rows();
    expect(r).toMatchObject({ status: "pending", attempts: 2 });
    const wait2 = (r!.nextAttemptAt.getTime() - t1) / 1000;
    expect(wait2).toBeGreaterThan(115);
    expect(wait2).toBeLessThan(125);

    smtp.rejectWith = null;
    await makeDue();
    expect(await drainOutbox()).toMatchObject({ sent: 1 });
    [r] = await rows();
    expect(r).toMatchObject({ status: "sent", attempts: 3, lastError: null });
    expect(smtp.to(p!.email)).toHaveLength(1);
    expect(smtp.received[0]!.subject).toMatch(/verification code: \d{6}/);
  });

  it("gives up after MAIL_MAX_ATTEMPTS and marks the row failed", async () => {
    const [p] = await unverifiedUsers(1);
    await enqueueMail(db, { kind: "verify", to: p!.email, userId: p!.id });
    smtp.rejectWith = 550;
    for (let i = 0; i < 3; i++) {
      await makeDue();
      await drainOutbox();
    }
    const [r] = await rows();
    expect(r).toMatchObject({ status: "failed", attempts: 3 });
    await makeDue();
    expect(await drainOutbox()).toEqual({ sent: 0, retried: 0, failed: 0, cancelled: 0 });
    expect(smtp.received).toHaveLength(0);
  });

  it("loses nothing when the SMTP server is down during a burst of replies", async () => {
    const author = await makeUser();
    const cat = await makeCategory();
    const { posts } = await import("@/db/schema");
    const [post] = await db
      .insert(posts)
      .values({ title: "Outage thread", content: "body", authorId: author.id, categoryId: cat.id })
      .returning();
    const repliers = await Promise.all([0, 1, 2, 3].map(() => makeUser()));
    const port = smtp.port;
    await smtp.stop();

    // 20 replies while the mail server is unreachable: every request succeeds at once.
    const started = Date.now();
    for (let i = 0; i < 20; i++) {
      const r = await call(postComment, `/api/posts/${post!.id}/comments`, {
        token: repliers[i % 4]!.token,
        body: { content: `reply ${i}` },
        params: { id: String(post!.id) },
      });
      expect(r.status).toBe(201);
    }
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(await processReplyMail()).toBe(20);
    const down = await drainOutbox();
    expect(down.sent).toBe(0);
    expect(down.retried).toBe(20);
    const pending = await rows();
    expect(pending.every((r) => r.status === "pending" && r.attempts === 1 && /ECONNREFUSED|connect/i.test(r.lastError ?? ""))).toBe(true);

    // Back up on the same port: the next drain after the backoff delivers every reply mail once.
    await smtp.start(port);
    await makeDue();
    expect(await drainOutbox()).toMatchObject({ sent: 20, retried: 0 });
    const mails = smtp.to(`${author.username.toLowerCase()}@example.test`);
    expect(mails).toHaveLength(20);
    expect(new Set(mails.map((m) => m.text.match(/reply \d+/)?.[0])).size).toBe(20);
    expect((await rows()).every((r) => r.status === "sent")).toBe(true);
  });

  it("is drained by the scheduler's outbox job", async () => {
    const [p] = await unverifiedUsers(1);
    await enqueueMail(db, { kind: "verify", to: p!.email, userId: p!.id });
    const { runDueJobs } = await import("@/lib/jobs/scheduler");
    await runDueJobs();
    await outboxIdle();
    expect(smtp.to(p!.email)).toHaveLength(1);
    const [r] = await rawRows<{ status: string }>(db, sql`select status from mail_outbox`);
    expect(r!.status).toBe("sent");
  });

  it("writes .eml files to $DATA_DIR/mail when no SMTP_URL is set", async () => {
    const saved = process.env.SMTP_URL;
    delete process.env.SMTP_URL;
    env(true);
    try {
      const [p] = await unverifiedUsers(1);
      await enqueueMail(db, { kind: "verify", to: p!.email, userId: p!.id });
      expect(await drainOutbox()).toMatchObject({ sent: 1 });
      const { listMailFiles, readMailFile } = await import("@/lib/mail/files");
      const files = await listMailFiles();
      const mine = files.find((f) => f.to.includes(p!.email));
      expect(mine).toBeDefined();
      expect(mine!.subject).toMatch(/verification code/);
      const full = await readMailFile(mine!.name);
      expect(full!.text).toMatch(/\/verify\?username=/);
      expect(smtp.received).toHaveLength(0);
    } finally {
      process.env.SMTP_URL = saved;
      env(true);
    }
  });

  it("claims at most the batch, and takes over a claim whose lease ran out (a drainer that died)", async () => {
    const people = await unverifiedUsers(5);
    await enqueueMail(
      db,
      people.map((p) => ({ kind: "verify" as const, to: p.email, userId: p.id })),
    );
    const dead = await claimDueMail(2, "died-mid-send");
    expect(dead).toHaveLength(2);
    expect(await drainOutbox({ worker: "alive" })).toMatchObject({ sent: 3 });
    // The dead drainer's rows wait for their lease, then another drainer sends them.
    expect(await drainOutbox({ worker: "alive" })).toMatchObject({ sent: 0 });
    await db
      .update(mailOutbox)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(mailOutbox.status, "sending"));
    expect(await drainOutbox({ worker: "alive" })).toMatchObject({ sent: 2 });
    // The dead drainer cannot settle rows it no longer holds.
    await markSent(dead[0]!, "late");
    const [r] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, dead[0]!.id));
    expect(r).toMatchObject({ status: "sent", claimedBy: "alive", attempts: 2 });
    expect(r!.messageId).not.toBe("late");
    expect(smtp.received).toHaveLength(5);
  });

  it("does not send the same dedupe key twice", async () => {
    const [p] = await unverifiedUsers(1);
    expect(await enqueueMail(db, { kind: "verify", to: p!.email, userId: p!.id, dedupeKey: "once" })).toBe(1);
    expect(await enqueueMail(db, { kind: "verify", to: p!.email, userId: p!.id, dedupeKey: "once" })).toBe(0);
    const left = await db
      .select()
      .from(mailOutbox)
      .where(inArray(mailOutbox.dedupeKey, ["once"]));
    expect(left).toHaveLength(1);
  });
});
