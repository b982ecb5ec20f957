import { and, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/db";
import { notifications, pollVotes, polls, postChangeLogs, users } from "@/db/schema";
import { POST as vote } from "@/app/api/posts/[id]/poll/vote/route";
import { GET as progress } from "@/app/api/posts/[id]/poll/progress/route";
import { createPoll, processDuePolls } from "@/lib/services/posts/polls";
import { pollSchema } from "@/lib/validation/responses";
import { call, makeUser } from "../helpers";
import { endPoll, expectLedgerConsistent, inMinutes, makePollPost, makePost } from "./economy-helpers";

const votePath = (id: number, q = "") => `/api/posts/${id}/poll/vote${q}`;

afterEach(expectLedgerConsistent);

describe("POST /api/posts/{id}/poll/vote", () => {
  it("records a vote keyed by option string, notifies the author, and refuses a second vote", async () => {
    const author = await makeUser();
    const voter = await makeUser();
    const post = await makePollPost(author.id);
    const r = await call(vote, votePath(post.id), { token: voter.token, body: { options: ["green"] }, params: { id: String(post.id) } });
    expect(r.status).toBe(200);
    const poll = pollSchema.parse(r.body);
    expect(poll.votes).toEqual({ red: 0, green: 1, blue: 0 });
    expect(poll.optionParticipants.red).toEqual([]);
    expect(poll.optionParticipants.green!.map((u) => u.id)).toEqual([voter.id]);
    expect(poll.participants.map((u) => u.id)).toEqual([voter.id]);
    expect(poll.myVotes).toEqual(["green"]);
    expect(poll.finalized).toBe(false);

    const again = await call(vote, votePath(post.id), { token: voter.token, body: { options: ["red"] }, params: { id: String(post.id) } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("conflict");

    const n = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, author.id), eq(notifications.type, "POLL_VOTE")));
    expect(n).toHaveLength(1);
    expect(n[0]!.fromUserId).toBe(voter.id);
    expect(await db.select().from(pollVotes).where(eq(pollVotes.userId, voter.id))).toHaveLength(1);
  });

  it("accepts OpenIsle's ?option=<index> form, repeated on a multiple-choice poll", async () => {
    const author = await makeUser();
    const voter = await makeUser();
    const post = await makePollPost(author.id, { multiple: true });
    const r = await call(vote, votePath(post.id, "?option=0&option=2"), {
      method: "POST",
      token: voter.token,
      params: { id: String(post.id) },
    });
    expect(r.status).toBe(200);
    expect(r.body.votes).toEqual({ red: 1, green: 0, blue: 1 });
    expect(r.body.participants).toHaveLength(1);
    const bad = await call(vote, votePath(post.id, "?option=7"), {
      method: "POST",
      token: (await makeUser()).token,
      params: { id: String(post.id) },
    });
    expect(bad.status).toBe(400);
  });

  it("validates options: single choice takes exactly one, unknown option 400, empty 400", async () => {
    const author = await makeUser();
    const voter = await makeUser();
    const post = await makePollPost(author.id);
    const p = { id: String(post.id) };
    expect((await call(vote, votePath(post.id), { token: voter.token, body: { options: ["red", "blue"] }, params: p })).status).toBe(400);
    expect((await call(vote, votePath(post.id), { token: voter.token, body: { options: ["purple"] }, params: p })).status).toBe(400);
    expect((await call(vote, votePath(post.id), { token: voter.token, body: { options: [] }, params: p })).status).toBe(400);
    expect((await call(vote, votePath(post.id), { token: voter.token, body: {}, params: p })).status).toBe(400);
    expect(await db.select().from(pollVotes).where(eq(pollVotes.userId, voter.id))).toHaveLength(0);
    // the same option twice is one vote
    const dup = await call(vote, votePath(post.id), { token: voter.token, body: { options: ["red", "red"] }, params: p });
    expect(dup.status).toBe(200);
    expect(dup.body.votes.red).toBe(1);
  });

  it("needs a signed-in caller, answers 404 for hidden, unknown and non-poll posts", async () => {
    const author = await makeUser();
    const other = await makeUser();
    const hidden = await makePollPost(author.id, {}, "ONLY_ME");
    const normal = await makePost(author.id);
    const body = { options: ["red"] };
    expect((await call(vote, votePath(hidden.id), { body, params: { id: String(hidden.id) } })).status).toBe(401);
    expect((await call(vote, votePath(hidden.id), { token: other.token, body, params: { id: String(hidden.id) } })).status).toBe(404);
    expect((await call(vote, votePath(normal.id), { token: other.token, body, params: { id: String(normal.id) } })).status).toBe(404);
    expect((await call(vote, votePath(999999), { token: other.token, body, params: { id: "999999" } })).status).toBe(404);
    expect((await call(vote, votePath(0), { token: other.token, body, params: { id: "abc" } })).status).toBe(400);
    expect((await call(progress, `/api/posts/${hidden.id}/poll/progress`, { params: { id: String(hidden.id) } })).status).toBe(404);
  });

  it("refuses votes after endTime with 409", async () => {
    const author = await makeUser();
    const voter = await makeUser();
    const post = await makePollPost(author.id);
    await endPoll(post.id);
    const r = await call(vote, votePath(post.id), { token: voter.token, body: { options: ["red"] }, params: { id: String(post.id) } });
    expect(r.status).toBe(409);
  });

  it("enforces one vote per user under concurrency", async () => {
    const author = await makeUser();
    const voter = await makeUser();
    const post = await makePollPost(author.id, { multiple: true });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(vote, votePath(post.id), {
          token: voter.token,
          body: { options: [["red"], ["green"], ["blue", "red"]][i % 3] },
          params: { id: String(post.id) },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    const rows = await db.select().from(pollVotes).where(eq(pollVotes.userId, voter.id));
    const winner = results.find((r) => r.status === 200)!.body.myVotes as string[];
    expect(rows.map((r) => r.option).sort()).toEqual([...winner].sort());
  });

  it("lets the author vote on their own poll without a POLL_VOTE notification", async () => {
    const author = await makeUser();
    const post = await makePollPost(author.id);
    const r = await call(vote, votePath(post.id), { token: author.token, body: { options: ["blue"] }, params: { id: String(post.id) } });
    expect(r.status).toBe(200);
    expect(await db.select().from(notifications).where(eq(notifications.userId, author.id))).toHaveLength(0);
  });
});

describe("poll creation rules", () => {
  it("rejects fewer than 2, more than 20, duplicate or blank options and a past endTime", async () => {
    const author = await makeUser();
    const post = await makePost(author.id, "POLL");
    const bad = [
      { options: ["only"], multiple: false, endTime: inMinutes(10) },
      { options: Array.from({ length: 21 }, (_, i) => `o${i}`), multiple: false, endTime: inMinutes(10) },
      { options: ["a", "a"], multiple: false, endTime: inMinutes(10) },
      { options: ["a", "  "], multiple: false, endTime: inMinutes(10) },
      { options: ["a", "b"], multiple: false, endTime: inMinutes(-10) },
    ];
    for (const input of bad) await expect(db.transaction((tx) => createPoll(tx, post.id, input))).rejects.toThrow();
    await db.transaction((tx) => createPoll(tx, post.id, { options: ["a", "b"], multiple: true, endTime: inMinutes(10) }));
    const r = await call(progress, `/api/posts/${post.id}/poll/progress`, { params: { id: String(post.id) } });
    expect(r.status).toBe(200);
    expect(pollSchema.parse(r.body)).toMatchObject({ options: ["a", "b"], votes: { a: 0, b: 0 }, multiple: true, myVotes: [] });
  });
});

describe("poll finalization", () => {
  it("happens exactly once at endTime: owner, every voter (author included), and a VOTE_RESULT log by system", async () => {
    const author = await makeUser();
    const v1 = await makeUser();
    const v2 = await makeUser();
    const post = await makePollPost(author.id, { multiple: true });
    await processDuePolls(); // polls ended by earlier tests of this file
    const p = { id: String(post.id) };
    await call(vote, votePath(post.id), { token: v1.token, body: { options: ["red", "green"] }, params: p });
    await call(vote, votePath(post.id), { token: v2.token, body: { options: ["red"] }, params: p });
    await call(vote, votePath(post.id), { token: author.token, body: { options: ["blue"] }, params: p });
    expect(await processDuePolls()).toBe(0);
    await endPoll(post.id);

    const counts = await Promise.all([processDuePolls(), processDuePolls(), processDuePolls()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await processDuePolls()).toBe(0);

    const owner = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, "POLL_RESULT_OWNER"), eq(notifications.postId, post.id)));
    expect(owner.map((n) => n.userId)).toEqual([author.id]);
    const part = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, "POLL_RESULT_PARTICIPANT"), eq(notifications.postId, post.id)));
    expect(part.map((n) => n.userId).sort((a, b) => a - b)).toEqual([author.id, v1.id, v2.id].sort((a, b) => a - b));
    expect(part.every((n) => n.fromUserId === null)).toBe(true);

    const logs = await db.select().from(postChangeLogs).where(eq(postChangeLogs.postId, post.id));
    expect(logs.map((l) => l.type)).toEqual(["VOTE_RESULT"]);
    const [sys] = await db.select().from(users).where(eq(users.id, logs[0]!.actorId!));
    expect(sys).toMatchObject({ username: "system", bot: true, role: "USER", passwordHash: null });

    const r = await call(progress, `/api/posts/${post.id}/poll/progress`, { token: v1.token, params: p });
    expect(pollSchema.parse(r.body)).toMatchObject({ finalized: true, votes: { red: 2, green: 1, blue: 1 }, myVotes: ["red", "green"] });
    expect(r.body.participants).toHaveLength(3);
  });

  it("is triggered by reading the poll once it is due", async () => {
    const author = await makeUser();
    const post = await makePollPost(author.id);
    await processDuePolls();
    await endPoll(post.id);
    const r = await call(progress, `/api/posts/${post.id}/poll/progress`, { params: { id: String(post.id) } });
    expect(r.body.finalized).toBe(true);
    expect(await processDuePolls()).toBe(0);
    expect(
      await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.type, "POLL_RESULT_OWNER"), eq(notifications.postId, post.id))),
    ).toHaveLength(1);
  });
});

describe("scheduler", () => {
  it("runs the registered economy jobs (poll results and lottery draws)", async () => {
    const { runDueJobs } = await import("@/lib/jobs/scheduler");
    const { makeLotteryPost, endLottery } = await import("./economy-helpers");
    await runDueJobs();
    const author = await makeUser();
    const poll = await makePollPost(author.id);
    const lottery = await makeLotteryPost(author.id);
    await endPoll(poll.id);
    await endLottery(lottery.id);
    expect(await runDueJobs()).toBe(2);
    expect(await runDueJobs()).toBe(0);
  });

  it("asks each job's probe first and runs only the jobs that have work", async () => {
    const { registerJob, runDueJobs } = await import("@/lib/jobs/scheduler");
    const runs = { none: 0, some: 0, off: 0, always: 0 };
    registerJob(
      "test-nothing-due",
      async () => (runs.none++, 0),
      () => sql`exists (select 1 from ${polls} where ${polls.postId} < 0)`,
    );
    registerJob(
      "test-due",
      async () => (runs.some++, 0),
      () => sql`exists (select 1 from ${polls})`,
    );
    registerJob(
      "test-off",
      async () => (runs.off++, 0),
      () => false,
    );
    registerJob("test-no-probe", async () => (runs.always++, 0));
    await makePollPost((await makeUser()).id);
    await runDueJobs();
    expect(runs).toEqual({ none: 0, some: 1, off: 0, always: 1 });
  });
});
