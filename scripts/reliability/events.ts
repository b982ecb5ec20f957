// npx tsx scripts/reliability/events.ts [--streams 1000] [--rate 20] [--seconds 10]
// npx tsx scripts/reliability/events.ts --messages [--pairs 500] [--rounds 2] [--rate 100]
//
// --messages: direct messages between --pairs pairs of members across the two processes.
// Each member holds one stream, the two of a pair on different processes; each member writes --rounds
// messages to the other through their own process (so every message crosses to the other process),
// --rate messages per second in all. Checks: every message reaches both members' streams exactly once
// and nobody else's; 99% of deliveries to the recipient within 1 s of the write's acknowledgement.
//
// Live events across processes: two server processes (server.ts) on one Postgres database
// (reliability_events). Process A holds --streams open GET /api/events streams (half anonymous, half
// signed in), process B a tenth of that; comments on 10 public posts are written at --rate per second
// through both processes for --seconds. Checks: every stream opens; A's extra RSS for its streams < 150 MB; every
// event reaches every stream of both processes; 99% of deliveries within 1 s of the write being
// acknowledged; a comment on an ONLY_ME post reaches no other member; streams end on SIGTERM.
import { readFileSync, readdirSync } from "node:fs";
import postgres from "postgres";
import { api, check, ensureBuild, finish, freshDatabase, seedActors, sleep, startServer, type Check } from "./lib";

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const MESSAGES = process.argv.includes("--messages");
const STREAMS = arg("streams", 1000);
const RATE = arg("rate", MESSAGES ? 100 : 20);
const SECONDS = arg("seconds", 10);
const checks: Check[] = [];

/** RSS in MB of a process and its descendants (from /proc). */
function treeRssMb(pid: number): number {
  let kb = 0;
  const walk = (p: number) => {
    try {
      const status = readFileSync(`/proc/${p}/status`, "utf8");
      kb += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      for (const t of readdirSync(`/proc/${p}/task`)) {
        const kids = readFileSync(`/proc/${p}/task/${t}/children`, "utf8").trim();
        for (const k of kids ? kids.split(/\s+/) : []) walk(Number(k));
      }
    } catch {
      /* gone */
    }
  };
  walk(pid);
  return kb / 1024;
}

type Stream = {
  id: number;
  server: "A" | "B";
  member: boolean;
  got: Map<number, number>;
  ended: boolean;
  ok: boolean;
  abort: AbortController;
};

async function openStream(id: number, base: string, server: "A" | "B", token: string | null): Promise<Stream> {
  const s: Stream = { id, server, member: !!token, got: new Map(), ended: false, ok: false, abort: new AbortController() };
  const res = await fetch(`${base}/api/events`, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: s.abort.signal });
  s.ok = res.status === 200 && (res.headers.get("content-type") ?? "").includes("text/event-stream");
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buf = "";
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buf += decoder.decode(value, { stream: true });
        let i: number;
        while ((i = buf.indexOf("\n\n")) >= 0) {
          const frame = buf.slice(0, i);
          buf = buf.slice(i + 2);
          // Cheaper than JSON.parse for 1,000 streams in this one process.
          const m = frame.includes('"type":"comment"') ? /"commentId":(\d+)/.exec(frame) : null;
          if (m) s.got.set(Number(m[1]), Date.now());
        }
      }
    } catch {
      /* aborted */
    }
    s.ended = true;
  })();
  return s;
}

const pct = (xs: number[], p: number) => {
  if (!xs.length) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

async function main() {
  ensureBuild();
  const url = await freshDatabase("reliability_events");
  const env = { DATABASE_URL: url, TEST_RATE_LIMITS: "comments=100000/60", EVENTS_HEARTBEAT_MS: "15000" };
  const a = await startServer(3261, env);
  const b = await startServer(3262, env);
  const sql = postgres(url, { max: 2, onnotice: () => {} });
  const streams: Stream[] = [];
  try {
    const actors = await seedActors(sql, 12);
    const post = await api(a.url, "/api/posts", actors.tokens[0]!, "POST", {
      title: "Live",
      content: "x",
      categoryId: actors.categoryId,
      tagIds: [actors.tagIds[0]],
      type: "NORMAL",
    });
    const secret = await api(a.url, "/api/posts", actors.tokens[1]!, "POST", {
      title: "Private",
      content: "x",
      categoryId: actors.categoryId,
      tagIds: [actors.tagIds[0]],
      type: "NORMAL",
      visibleScope: "ONLY_ME",
    });
    // The writes go to 10 public posts (20 comments/s on one post would measure that post's row lock).
    const postIds = [Number(post.json!.id)];
    for (let i = 1; i < 10; i++) {
      const p = await api(i % 2 ? b.url : a.url, "/api/posts", actors.tokens[i]!, "POST", {
        title: `Live ${i}`,
        content: "x",
        categoryId: actors.categoryId,
        tagIds: [actors.tagIds[0]],
        type: "NORMAL",
      });
      postIds.push(Number(p.json?.id));
    }
    check(
      checks,
      "setup: 10 public posts and an ONLY_ME post",
      post.status === 201 && secret.status === 201 && postIds.every((id) => id > 0),
    );
    const postId = postIds[0]!;

    // Warm both processes' event route (compiles and starts the listener), then measure A's RSS.
    for (const base of [a.url, b.url]) {
      const w = await openStream(-1, base, base === a.url ? "A" : "B", null);
      await sleep(300);
      w.abort.abort();
    }
    await sleep(500);
    const rssBefore = treeRssMb(a.proc.pid!);
    const t0 = Date.now();
    const bCount = Math.max(1, Math.round(STREAMS / 10));
    for (let i = 0; i < STREAMS + bCount; i++) {
      const onA = i < STREAMS;
      const token = i % 2 ? actors.tokens[2 + (i % 10)]! : null;
      streams.push(await openStream(i, onA ? a.url : b.url, onA ? "A" : "B", token));
    }
    const opened = streams.filter((s) => s.ok).length;
    check(
      checks,
      `${STREAMS} streams on process A and ${bCount} on B open`,
      opened === streams.length,
      `${opened}/${streams.length} in ${Date.now() - t0} ms`,
    );
    await sleep(2000);
    const rssAfter = treeRssMb(a.proc.pid!);
    const extra = rssAfter - rssBefore;
    check(
      checks,
      `process A holds ${STREAMS} streams with < 150 MB extra RSS`,
      extra < 150,
      `RSS ${rssBefore.toFixed(0)} → ${rssAfter.toFixed(0)} MB (+${extra.toFixed(1)} MB, ${((extra * 1024) / STREAMS).toFixed(1)} KB per stream)`,
    );

    // Warm the comment route of both processes (first requests compile and fill caches).
    for (let i = 0; i < 6; i++)
      await api(i % 2 ? b.url : a.url, `/api/posts/${postId}/comments`, actors.tokens[i]!, "POST", { content: `warm ${i}` }).catch(
        () => null,
      );
    await sleep(1000);

    // Writes at RATE per second, alternating processes. Latency is measured from the moment the write
    // was acknowledged (committed; an event may even arrive before the answer: 0 ms) and, for
    // information, from when the request was sent (which includes the write itself).
    const sentAt = new Map<number, number>();
    const ackAt = new Map<number, number>();
    const total = RATE * SECONDS;
    const writes: Promise<void>[] = [];
    const start = Date.now();
    let failures = 0;
    for (let i = 0; i < total; i++) {
      const due = start + (i * 1000) / RATE;
      const wait = due - Date.now();
      if (wait > 0) await sleep(wait);
      const base = i % 2 ? b.url : a.url;
      const sent = Date.now();
      writes.push(
        api(base, `/api/posts/${postIds[i % postIds.length]}/comments`, actors.tokens[i % 12]!, "POST", { content: `live ${i}` }).then(
          (r) => {
            if (r.status !== 201) return void failures++;
            sentAt.set(Number(r.json!.id), sent);
            ackAt.set(Number(r.json!.id), Date.now());
          },
          () => void failures++,
        ),
      );
    }
    await Promise.all(writes);
    const writeMs = [...sentAt.keys()].map((id) => ackAt.get(id)! - sentAt.get(id)!);
    check(
      checks,
      `${total} comments written at ${RATE}/s through both processes`,
      failures === 0 && sentAt.size === total,
      `${failures} failed or timed out; write latency p50 ${pct(writeMs, 50)} ms, p99 ${pct(writeMs, 99)} ms; took ${Date.now() - start} ms`,
    );
    await sleep(3000);

    const latencies: number[] = [];
    const fromSend: number[] = [];
    let missing = 0;
    for (const s of streams) {
      for (const [cid, sent] of sentAt) {
        const got = s.got.get(cid);
        if (got === undefined) missing++;
        else {
          latencies.push(Math.max(0, got - ackAt.get(cid)!));
          fromSend.push(got - sent);
        }
      }
    }
    const deliveries = streams.length * sentAt.size;
    check(checks, "every event reaches every stream of both processes", missing === 0, `${deliveries - missing}/${deliveries} deliveries`);
    const within1s = latencies.filter((l) => l < 1000).length / Math.max(1, deliveries);
    check(
      checks,
      "99% of deliveries within 1 s of the write's commit",
      within1s >= 0.99,
      `${(within1s * 100).toFixed(2)}% < 1 s; after the acknowledgement p50 ${pct(latencies, 50)} ms, p99 ${pct(latencies, 99)} ms, max ${pct(latencies, 100)} ms; after sending p50 ${pct(fromSend, 50)} ms, p99 ${pct(fromSend, 99)} ms`,
    );
    const fromB = streams.filter((s) => s.server === "B");
    check(
      checks,
      "streams on process B got the events written through process A",
      fromB.every((s) => [...sentAt.keys()].every((id) => s.got.has(id))),
    );

    // Visibility: a comment on the ONLY_ME post reaches no stream of anyone else.
    const hidden = await api(b.url, `/api/posts/${secret.json!.id}/comments`, actors.tokens[1]!, "POST", { content: "private" });
    const marker = await api(a.url, `/api/posts/${postId}/comments`, actors.tokens[0]!, "POST", { content: "after private" });
    await sleep(1500);
    const leaked = streams.filter((s) => s.got.has(Number(hidden.json!.id))).length;
    const markerSeen = streams.filter((s) => s.got.has(Number(marker.json!.id))).length;
    check(
      checks,
      "a comment on another member's ONLY_ME post reaches no stream",
      hidden.status === 201 && leaked === 0 && markerSeen === streams.length,
      `${leaked} leaked, marker seen by ${markerSeen}`,
    );

    // SIGTERM: A's streams end (clients reconnect elsewhere) and A exits.
    const code = await a.stop("SIGTERM");
    await sleep(500);
    const endedA = streams.filter((s) => s.server === "A" && s.ended).length;
    check(
      checks,
      "SIGTERM ends every stream of the process and it exits",
      endedA === STREAMS,
      `${endedA}/${STREAMS} ended, exit code ${code}`,
    );
  } finally {
    for (const s of streams) s.abort.abort();
    await sql.end();
    await Promise.all([a.stop(), b.stop()]);
  }
  finish(checks);
}

type MemberStream = { user: number; server: "A" | "B"; got: Map<number, { n: number; at: number }>; ok: boolean; abort: AbortController };

/** A member's stream that counts every `message` event by message id (several copies would be a bug). */
async function openMessageStream(base: string, server: "A" | "B", user: number, token: string): Promise<MemberStream> {
  const s: MemberStream = { user, server, got: new Map(), ok: false, abort: new AbortController() };
  const res = await fetch(`${base}/api/events`, { headers: { authorization: `Bearer ${token}` }, signal: s.abort.signal });
  s.ok = res.status === 200;
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buf = "";
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buf += decoder.decode(value, { stream: true });
        let i: number;
        while ((i = buf.indexOf("\n\n")) >= 0) {
          const frame = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const m = frame.includes('"type":"message"') ? /"messageId":(\d+)/.exec(frame) : null;
          if (!m) continue;
          const id = Number(m[1]);
          const seen = s.got.get(id);
          if (seen) seen.n++;
          else s.got.set(id, { n: 1, at: Date.now() });
        }
      }
    } catch {
      /* aborted */
    }
  })();
  return s;
}

async function messagesMain() {
  const PAIRS = arg("pairs", 500);
  const ROUNDS = arg("rounds", 2);
  ensureBuild();
  const url = await freshDatabase("reliability_messages");
  const env = { DATABASE_URL: url, TEST_RATE_LIMITS: "messages=100000/60", EVENTS_HEARTBEAT_MS: "15000" };
  const a = await startServer(3263, env);
  const b = await startServer(3264, env);
  const sql = postgres(url, { max: 2, onnotice: () => {} });
  const streams: MemberStream[] = [];
  try {
    const t0 = Date.now();
    const actors = await seedActors(sql, PAIRS * 2);
    // Level 1 and more, so the level rule lets them write to each other.
    await sql`update users set experience = 1000 where username like 'rel%'`;
    check(checks, `setup: ${PAIRS * 2} members`, actors.ids.length === PAIRS * 2, `${Date.now() - t0} ms`);
    // Member 2k on process A, 2k+1 (their partner) on B.
    const side = (i: number) => (i % 2 ? { name: "B" as const, url: b.url } : { name: "A" as const, url: a.url });
    for (const base of [a.url, b.url]) {
      const w = await openMessageStream(base, "A", actors.ids[0]!, actors.tokens[0]!);
      await sleep(300);
      w.abort.abort();
    }
    const t1 = Date.now();
    for (let i = 0; i < PAIRS * 2; i++) streams.push(await openMessageStream(side(i).url, side(i).name, actors.ids[i]!, actors.tokens[i]!));
    const opened = streams.filter((s) => s.ok).length;
    check(
      checks,
      `${PAIRS * 2} member streams open, half on each process`,
      opened === streams.length,
      `${opened}/${streams.length} in ${Date.now() - t1} ms`,
    );
    await sleep(1000);

    // Each pair's conversation is made by its first message; warm both processes' message route first.
    for (let i = 0; i < 4; i++) {
      const from = PAIRS * 2 - 1 - i;
      await api(side(from).url, "/api/messages", actors.tokens[from]!, "POST", { recipientId: actors.ids[from ^ 1], content: "warm" });
    }
    await sleep(1000);
    for (const s of streams) s.got.clear();

    type Sent = { from: number; to: number; sent: number; ack: number };
    const sent = new Map<number, Sent>();
    const total = PAIRS * 2 * ROUNDS;
    const writes: Promise<void>[] = [];
    let failures = 0;
    const reasons = new Map<string, number>();
    const start = Date.now();
    for (let k = 0; k < total; k++) {
      const due = start + (k * 1000) / RATE;
      const wait = due - Date.now();
      if (wait > 0) await sleep(wait);
      const from = k % (PAIRS * 2);
      const to = from ^ 1;
      const at = Date.now();
      writes.push(
        api(side(from).url, "/api/messages", actors.tokens[from]!, "POST", { recipientId: actors.ids[to], content: `message ${k}` }).then(
          (r) => {
            if (r.status !== 200 || !r.json?.id) {
              reasons.set(`${r.status} ${String(r.json?.code ?? "")}`, (reasons.get(`${r.status} ${String(r.json?.code ?? "")}`) ?? 0) + 1);
              return void failures++;
            }
            sent.set(Number(r.json.id), { from, to, sent: at, ack: Date.now() });
          },
          (err: unknown) => {
            const why = err instanceof Error ? err.name : "error";
            reasons.set(why, (reasons.get(why) ?? 0) + 1);
            failures++;
          },
        ),
      );
    }
    await Promise.all(writes);
    const writeMs = [...sent.values()].map((m) => m.ack - m.sent);
    check(
      checks,
      `${total} messages written at ${RATE}/s, each through its sender's process`,
      failures === 0 && sent.size === total,
      `${failures} failed${reasons.size ? ` (${[...reasons].map(([k, n]) => `${k}: ${n}`).join(", ")})` : ""}; write latency p50 ${pct(writeMs, 50)} ms, p99 ${pct(writeMs, 99)} ms; took ${Date.now() - start} ms`,
    );
    await sleep(3000);

    let missing = 0;
    let duplicated = 0;
    let leaked = 0;
    const latencies: number[] = [];
    const fromSend: number[] = [];
    for (const [id, m] of sent) {
      for (const who of [m.from, m.to]) {
        const got = streams[who]!.got.get(id);
        if (!got) missing++;
        else if (got.n > 1) duplicated++;
        if (got && who === m.to) {
          latencies.push(Math.max(0, got.at - m.ack));
          fromSend.push(got.at - m.sent);
        }
      }
    }
    for (const [i, s] of streams.entries())
      for (const id of s.got.keys()) if (sent.get(id) && sent.get(id)!.from !== i && sent.get(id)!.to !== i) leaked++;
    check(
      checks,
      "every message reaches both members' streams exactly once",
      missing === 0 && duplicated === 0,
      `${sent.size * 2 - missing}/${sent.size * 2} deliveries, ${missing} missing, ${duplicated} duplicated`,
    );
    check(checks, "no message reaches anyone outside its conversation", leaked === 0, `${leaked} leaked`);
    const within1s = latencies.filter((l) => l < 1000).length / Math.max(1, sent.size);
    check(
      checks,
      "recipients get 99% of messages within 1 s of the write's acknowledgement (the other process)",
      within1s >= 0.99 && pct(latencies, 99) < 1000,
      `${(within1s * 100).toFixed(2)}% < 1 s; p50 ${pct(latencies, 50)} ms, p99 ${pct(latencies, 99)} ms, max ${pct(latencies, 100)} ms; from sending p50 ${pct(fromSend, 50)} ms, p99 ${pct(fromSend, 99)} ms`,
    );
    const [counts] = await sql<{ conversations: number; unread: number }[]>`
      select (select count(*)::int from conversations) as conversations,
             (select count(*)::int from conversation_participants p join messages m on m.conversation_id = p.conversation_id
               and m.id > p.last_read_message_id and m.sender_id <> p.user_id) as unread`;
    check(
      checks,
      "one conversation per pair; every message counted unread for its recipient",
      counts!.conversations === PAIRS && counts!.unread === total + 4,
      `${counts!.conversations} conversations, ${counts!.unread} unread`,
    );
  } finally {
    for (const s of streams) s.abort.abort();
    await sql.end();
    await Promise.all([a.stop(), b.stop()]);
  }
  finish(checks);
}

(MESSAGES ? messagesMain() : main()).catch((err) => {
  console.error(err);
  checks.push({ name: "script ran", ok: false, detail: String(err) });
  finish(checks);
});
