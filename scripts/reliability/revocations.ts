// npx tsx scripts/reliability/revocations.ts [--rounds 10] [--crowd 0]
//
// Live streams end with their sign-in across processes. Two `next start` processes on
// one Postgres database (reliability_revocations): every member's streams are open on process A, and
// every revocation is made through process B, --rounds times each of: a token revoked (DELETE
// /api/tokens/{id}), a browser session signed out (POST /api/auth/logout with its cookie), "sign out
// everywhere" (a login token's and a browser session's streams), a password reset (POST /api/auth/reset),
// a suspension (POST /api/admin/users/{id}/suspend). Checks: every such stream on A ends within 5 s of
// B's answer (median and max reported, from the answer and from sending the request); none receives a
// private event (a notification written right after the answer); reopening with the same sign-in on A
// is a 401 (a suspended member: 403 `suspended`); a bystander's stream on A stays open throughout.
// --crowd N: N more anonymous streams on A (the fan-out each event goes through). A time from B's answer
// below 0 is a stream that ended before B's answer reached the client (the NOTIFY travels faster).
import { createHash, randomBytes } from "node:crypto";
import { encode } from "next-auth/jwt";
import postgres from "postgres";
import { check, ensureBuild, finish, freshDatabase, seedActors, sleep, startServer, type Check } from "./lib";

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const ROUNDS = arg("rounds", 10);
const CROWD = arg("crowd", 0);
const AUTH_SECRET = randomBytes(32).toString("base64url");
const COOKIE = "authjs.session-token";
const checks: Check[] = [];
const sha = (s: string) => createHash("sha256").update(s).digest("hex");

type Stream = { label: string; status: number; endedAt: number | null; notifications: Set<number>; abort: AbortController };

/** GET /api/events on `base` with a bearer token or a cookie; records when it ends and the notifications it got. */
async function openStream(base: string, label: string, auth: { token?: string; cookie?: string }, lastEventId?: number): Promise<Stream> {
  const s: Stream = { label, status: 0, endedAt: null, notifications: new Set(), abort: new AbortController() };
  const headers: Record<string, string> = {};
  if (auth.token) headers.authorization = `Bearer ${auth.token}`;
  if (auth.cookie) headers.cookie = auth.cookie;
  if (lastEventId !== undefined) headers["last-event-id"] = String(lastEventId);
  const res = await fetch(`${base}/api/events`, { headers, signal: s.abort.signal });
  s.status = res.status;
  if (res.status !== 200) {
    await res.text();
    s.endedAt = Date.now();
    return s;
  }
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
          const m = frame.includes('"type":"notification"') ? /"notificationId":(\d+)/.exec(frame) : null;
          if (m) s.notifications.add(Number(m[1]));
        }
      }
    } catch {
      /* aborted */
    }
    s.endedAt ??= Date.now();
  })();
  return s;
}

async function send(base: string, p: string, o: { token?: string; cookie?: string; method?: string; body?: unknown }) {
  const headers: Record<string, string> = {};
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (o.cookie) {
    headers.cookie = o.cookie;
    headers.origin = base;
  }
  if (o.body !== undefined) headers["content-type"] = "application/json";
  const r = await fetch(base + p, {
    method: o.method ?? "POST",
    headers,
    body: o.body === undefined ? undefined : JSON.stringify(o.body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await r.text();
  return { status: r.status, text };
}

const pct = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
};

async function main() {
  ensureBuild();
  const url = await freshDatabase("reliability_revocations");
  const env = { DATABASE_URL: url, AUTH_SECRET, EVENTS_HEARTBEAT_MS: "15000" };
  const a = await startServer(3265, env);
  const b = await startServer(3266, env);
  const sql = postgres(url, { max: 2, onnotice: () => {} });
  const streams: Stream[] = [];
  try {
    const kinds = ["token revoked", "session signed out", "sign out everywhere", "password reset", "suspension"] as const;
    const members = 2 + kinds.length * ROUNDS;
    const actors = await seedActors(sql, members);
    const adminId = actors.ids[0]!;
    await sql`update users set role = 'ADMIN' where id = ${adminId}`;

    /** A token of `userId` with a known secret; its id. */
    const token = async (userId: number, kind: "personal" | "login") => {
      const secret = `fp_${randomBytes(32).toString("base64url")}`;
      const [row] = await sql<{ id: number }[]>`insert into api_tokens (user_id, name, token_hash, prefix, scopes, kind, expires_at)
        values (${userId}, ${kind}, ${sha(secret)}, ${secret.slice(0, 10)}, ${sql.array(["read", "write"])}, ${kind},
                ${kind === "login" ? sql`now() + interval '30 days'` : null}) returning id`;
      return { id: row!.id, secret };
    };
    /** A browser session of `userId` and its Auth.js cookie, as a sign-in makes them. */
    const session = async (userId: number) => {
      const secret = randomBytes(32).toString("base64url");
      await sql`insert into user_sessions (user_id, token_hash, expires_at) values (${userId}, ${sha(secret)}, now() + interval '30 days')`;
      return `${COOKIE}=${await encode({ token: { uid: userId, sid: secret }, secret: AUTH_SECRET, salt: COOKIE })}`;
    };

    // Warm both processes' routes (the first request of each compiles nothing but fills caches).
    for (const base of [a.url, b.url]) {
      const w = await openStream(base, "warm", { token: actors.tokens[1] });
      await sleep(300);
      w.abort.abort();
    }
    const crowd: Stream[] = [];
    for (let i = 0; i < CROWD; i++) crowd.push(await openStream(a.url, "crowd", {}));
    streams.push(...crowd);
    const bystander = await openStream(a.url, "bystander", { token: actors.tokens[1] });
    check(
      checks,
      `setup: both processes up, a bystander's stream${CROWD ? ` and ${CROWD} anonymous ones` : ""} open on A`,
      bystander.status === 200 && crowd.every((s) => s.status === 200),
    );

    const fromAnswer = new Map<string, number[]>();
    const fromSend = new Map<string, number[]>();
    const leaks: string[] = [];
    const reopened: string[] = [];
    const failures: string[] = [];
    let revoked = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (const [k, kind] of kinds.entries()) {
        const i = 2 + round * kinds.length + k;
        const userId = actors.ids[i]!;
        const personal = actors.tokens[i]!;
        // The sign-ins that this revocation ends, each with a stream on A.
        const ended: { label: string; auth: { token?: string; cookie?: string } }[] = [];
        let revoke: () => Promise<{ status: number; text: string }>;
        let reopenStatus = 401;
        if (kind === "token revoked") {
          const t = await token(userId, "personal");
          ended.push({ label: "token", auth: { token: t.secret } });
          revoke = () => send(b.url, `/api/tokens/${t.id}`, { token: personal, method: "DELETE" });
        } else if (kind === "session signed out") {
          const cookie = await session(userId);
          ended.push({ label: "cookie", auth: { cookie } });
          revoke = () => send(b.url, "/api/auth/logout", { cookie });
        } else if (kind === "sign out everywhere") {
          const login = await token(userId, "login");
          ended.push({ label: "login token", auth: { token: login.secret } }, { label: "cookie", auth: { cookie: await session(userId) } });
          revoke = () => send(b.url, "/api/auth/logout", { token: login.secret, body: { everywhere: true } });
        } else if (kind === "password reset") {
          const login = await token(userId, "login");
          ended.push({ label: "login token", auth: { token: login.secret } }, { label: "cookie", auth: { cookie: await session(userId) } });
          const resetToken = randomBytes(32).toString("base64url");
          await sql`insert into email_codes (user_id, purpose, code_hash, expires_at)
            values (${userId}, 'reset', ${sha(`reset:${resetToken}`)}, now() + interval '1 hour')`;
          revoke = () => send(b.url, "/api/auth/reset", { body: { token: resetToken, password: "a-new-password-for-rel" } });
        } else {
          ended.push({ label: "personal token", auth: { token: personal } }, { label: "cookie", auth: { cookie: await session(userId) } });
          reopenStatus = 403;
          revoke = () =>
            send(b.url, `/api/admin/users/${userId}/suspend`, { token: actors.tokens[0], body: { days: 1, reason: "reliability" } });
        }
        const open = await Promise.all(ended.map((e) => openStream(a.url, `${kind}: ${e.label}`, e.auth)));
        streams.push(...open);
        revoked += open.length;
        if (open.some((s) => s.status !== 200)) failures.push(`${kind}: a stream did not open (${open.map((s) => s.status)})`);
        await sleep(150);
        const sent = Date.now();
        const r = await revoke();
        const answered = Date.now();
        if (r.status >= 300) failures.push(`${kind}: ${r.status} ${r.text.slice(0, 200)}`);
        // A private event right after the answer: a stream still open would get it.
        const [n] = await sql<
          { id: number }[]
        >`insert into notifications (user_id, type, from_user_id) values (${userId}, 'USER_FOLLOWED', ${adminId}) returning id`;
        while (open.some((s) => s.endedAt === null) && Date.now() - answered < 5000) await sleep(5);
        for (const s of open) {
          if (s.endedAt === null) failures.push(`${s.label}: still open 5 s after the answer`);
          else {
            (fromAnswer.get(kind) ?? fromAnswer.set(kind, []).get(kind)!).push(s.endedAt - answered);
            (fromSend.get(kind) ?? fromSend.set(kind, []).get(kind)!).push(s.endedAt - sent);
          }
          if (s.notifications.has(n!.id)) leaks.push(s.label);
        }
        for (const e of ended) {
          const again = await openStream(a.url, `${kind}: ${e.label} again`, e.auth, 1);
          again.abort.abort();
          if (again.status !== reopenStatus) reopened.push(`${kind}: ${e.label} reopened with ${again.status}`);
        }
      }
    }
    check(
      checks,
      `${kinds.length * ROUNDS} revocations through process B answered`,
      failures.length === 0,
      failures.slice(0, 5).join("; "),
    );
    const all = [...fromAnswer.values()].flat();
    const allSend = [...fromSend.values()].flat();
    check(
      checks,
      `every stream on process A of a sign-in revoked through B ends within 5 s (${all.length} streams)`,
      all.length === revoked && pct(all, 100) < 5000,
      `after B's answer: median ${pct(all, 50)} ms, p90 ${pct(all, 90)} ms, max ${pct(all, 100)} ms; after sending: median ${pct(allSend, 50)} ms, max ${pct(allSend, 100)} ms`,
    );
    for (const kind of kinds) {
      const xs = fromAnswer.get(kind) ?? [];
      const ys = fromSend.get(kind) ?? [];
      console.log(
        `      ${kind.padEnd(20)} ${String(xs.length).padStart(3)} streams: after the answer median ${pct(xs, 50)} ms, max ${pct(xs, 100)} ms; after sending median ${pct(ys, 50)} ms, max ${pct(ys, 100)} ms`,
      );
    }
    check(
      checks,
      "no ended stream receives the private event written after the revocation",
      leaks.length === 0,
      leaks.slice(0, 5).join("; "),
    );
    check(
      checks,
      "reopening on process A with the revoked sign-in is refused (401; suspended: 403)",
      reopened.length === 0,
      reopened.slice(0, 5).join("; "),
    );
    check(
      checks,
      "the bystander's stream on A stays open throughout (and the crowd's)",
      bystander.endedAt === null && crowd.every((s) => s.endedAt === null),
    );
  } finally {
    for (const s of streams) s.abort.abort();
    await sql.end();
    await Promise.all([a.stop(), b.stop()]);
  }
  finish(checks);
}

main().catch((err) => {
  console.error(err);
  checks.push({ name: "script ran", ok: false, detail: String(err) });
  finish(checks);
});
