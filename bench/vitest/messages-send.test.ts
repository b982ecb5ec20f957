import { appendFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, dbStats } from "@/db";
import { users } from "@/db/schema";
import { POST as send } from "@/app/api/messages/route";
import { POST as sendInConversation } from "@/app/api/messages/conversations/[id]/messages/route";
import { call, makeUser, type TestUser } from "../../tests/helpers";

/**
 * Sending a message under a timing loop: `npm run bench:messages` runs it (bench/vitest, outside `npm test`), BENCH_OUT=<file> appends
 * the figures. 200 sends in a conversation through the route handler, in-process, one after another,
 * from 10 pairs (20 each, under the per-sender rate limit), after 20 warm-up sends; statements counted
 * by the db module's logger (a transaction's BEGIN/COMMIT are not statements there, so they are
 * counted apart from the transaction count the handler's log shows).
 */

async function member(): Promise<TestUser> {
  const u = await makeUser();
  await db.update(users).set({ experience: 100 }).where(eq(users.id, u.id));
  return u;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

describe("send benchmark", () => {
  it("200 sends: statements per send, p50 and p99", { timeout: 600_000 }, async () => {
    const pairs: { a: TestUser; b: TestUser; conversationId: number }[] = [];
    for (let i = 0; i < 11; i++) {
      const a = await member();
      const b = await member();
      const first = await call(send, "/api/messages", { token: a.token, body: { recipientId: b.id, content: "hi" } });
      expect(first.status).toBe(200);
      // The recipient answered once (so the policy check is the answered one, as in a live conversation).
      const back = await call(send, "/api/messages", { token: b.token, body: { recipientId: a.id, content: "hello" } });
      expect(back.status).toBe(200);
      pairs.push({ a, b, conversationId: first.body.conversationId as number });
    }
    const sendOne = async (p: (typeof pairs)[number], k: number) => {
      const from = k % 2 === 0 ? p.a : p.b;
      const r = await call(sendInConversation, `/api/messages/conversations/${p.conversationId}/messages`, {
        token: from.token,
        body: { content: `message ${k} with **some** markdown` },
        params: { id: String(p.conversationId) },
      });
      expect(r.status).toBe(200);
    };
    const warm = pairs.pop()!;
    for (let k = 0; k < 20; k++) await sendOne(warm, k);

    const times: number[] = [];
    const statements: number[] = [];
    for (let k = 0; k < 200; k++) {
      const p = pairs[k % pairs.length]!;
      const q0 = dbStats.queries;
      const t0 = performance.now();
      await sendOne(p, Math.floor(k / pairs.length));
      times.push(performance.now() - t0);
      statements.push(dbStats.queries - q0);
    }
    // The OpenIsle path (POST /api/messages to an existing conversation of two), statements only.
    const q0 = dbStats.queries;
    expect((await call(send, "/api/messages", { token: warm.a.token, body: { recipientId: warm.b.id, content: "x" } })).status).toBe(200);
    const openIsle = dbStats.queries - q0;

    const sorted = [...times].sort((x, y) => x - y);
    const stmts = [...new Set(statements)].sort((x, y) => x - y);
    const line = [
      `${process.env.BENCH_LABEL ?? "run"} (${process.env.TEST_DATABASE_URL ? "Postgres server" : "PGlite"}):`,
      `  POST /api/messages/conversations/{id}/messages, 200 sends in-process through the handler (bearer token)`,
      `  statements per send (db logger): ${stmts.join("/")}; POST /api/messages to an existing conversation: ${openIsle}`,
      `  latency ms: p50 ${pct(sorted, 50).toFixed(2)}, p90 ${pct(sorted, 90).toFixed(2)}, p99 ${pct(sorted, 99).toFixed(2)}, max ${sorted.at(-1)!.toFixed(2)}, mean ${(times.reduce((s, x) => s + x, 0) / times.length).toFixed(2)}`,
      "",
    ].join("\n");
    console.log(line);
    if (process.env.BENCH_OUT) appendFileSync(process.env.BENCH_OUT, line);
  });
});
