// npx tsx scripts/reliability/fault.ts [--restart] [--skip-embedded]
//
// 1. Postgres outage under write load. A server on its own database (reliability_fault) takes comment
//    writes from 8 workers; then the database goes away: by default only OUR database (connections
//    refused with `allow_connections = false` and our backends terminated, so other users of the shared
//    server are untouched), with --restart the whole cluster (`pg_ctlcluster --skip-systemctl-redirect 15
//    main restart`). Checks: requests fail fast (503 with the API error body, none slower than 6 s), the
//    server recovers by itself, and every write answered 2xx before/during/after is in the database.
// 2. Embedded database (PGlite) and kill -9: acknowledged writes to a data folder survive a SIGKILL of
//    the server and a restart.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { parseArgs } from "node:util";
import postgres from "postgres";
import {
  api,
  check,
  ensureBuild,
  finish,
  freshDatabase,
  makeDir,
  removeDir,
  seedActors,
  sleep,
  startServer,
  tokenFor,
  type Check,
} from "./lib";

const { values: args } = parseArgs({
  args: process.argv.slice(2),
  options: {
    restart: { type: "boolean", default: false },
    "skip-embedded": { type: "boolean", default: false },
    "only-embedded": { type: "boolean", default: false },
  },
  strict: false,
});
const checks: Check[] = [];

type Ack = { id: number; at: number };

async function writers(base: string, tokens: string[], postId: number, stopAt: () => boolean) {
  const acked: Ack[] = [];
  const statuses = new Map<number, number>();
  let slowest = 0;
  let bad503Body = 0;
  await Promise.all(
    tokens.map(async (token, w) => {
      let i = 0;
      while (!stopAt()) {
        const t0 = Date.now();
        let status = 0;
        try {
          const r = await api(base, `/api/posts/${postId}/comments`, token, "POST", { content: `w${w} #${i++}` });
          status = r.status;
          if (r.status === 201) acked.push({ id: Number(r.json!.id), at: Date.now() });
          if (r.status === 503 && !(typeof r.json?.error === "string" && r.json?.code === "service_unavailable")) bad503Body++;
        } catch {
          status = -1;
        }
        slowest = Math.max(slowest, Date.now() - t0);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status !== 201) await sleep(100);
      }
    }),
  );
  return { acked, statuses, slowest, bad503Body };
}

async function postgresOutage() {
  ensureBuild();
  const url = await freshDatabase("reliability_fault");
  const server = await startServer(3231, { DATABASE_URL: url, TEST_RATE_LIMITS: "comments=1000000", DATABASE_CONNECT_TIMEOUT: "2" });
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const actors = await seedActors(sql, 8);
    const created = await api(server.url, "/api/posts", actors.tokens[0]!, "POST", {
      title: "Fault target",
      content: "x",
      categoryId: actors.categoryId,
      tagIds: [actors.tagIds[0]],
      type: "NORMAL",
    });
    const postId = Number(created.json?.id);
    check(checks, "a post is created before the fault", created.status === 201);
    await sql.end();

    let stop = false;
    const load = writers(server.url, actors.tokens, postId, () => stop);
    await sleep(3000);
    const admin = postgres("postgres://postgres@127.0.0.1:5432/postgres", { max: 1, onnotice: () => {} });
    const downAt = Date.now();
    if (args.restart) {
      console.log("[fault] restarting the Postgres cluster");
      execFileSync("pg_ctlcluster", ["--skip-systemctl-redirect", "15", "main", "restart"], { stdio: "inherit" });
    } else {
      console.log("[fault] taking reliability_fault away for 5 s (connections refused, backends terminated)");
      await admin`alter database reliability_fault allow_connections false`;
      await admin`select pg_terminate_backend(pid) from pg_stat_activity where datname = 'reliability_fault'`;
      await sleep(5000);
    }
    // During the outage: health and a read answer 503 quickly.
    if (!args.restart) {
      const t0 = Date.now();
      const h = await api(server.url, "/api/posts", null).catch(() => ({ status: -1, json: null }));
      check(
        checks,
        "a read during the outage answers 503 with the API error body, fast",
        h.status === 503 && h.json?.code === "service_unavailable" && Date.now() - t0 < 6000,
        `status ${h.status} in ${Date.now() - t0} ms`,
      );
      await admin`alter database reliability_fault allow_connections true`;
    }
    const upAt = Date.now();
    let recoveredAt = 0;
    while (Date.now() - upAt < 30_000) {
      const r = await api(server.url, "/api/posts", null).catch(() => ({ status: -1, json: null }));
      if (r.status === 200) {
        recoveredAt = Date.now();
        break;
      }
      await sleep(100);
    }
    await admin.end();
    check(
      checks,
      "the server recovers by itself once the database is back",
      recoveredAt > 0,
      `recovered ${recoveredAt - upAt} ms after the database came back (outage ${upAt - downAt} ms)`,
    );
    await sleep(3000);
    stop = true;
    const res = await load;
    const summary = [...res.statuses].map(([s, n]) => `${s}: ${n}`).join(", ");
    check(checks, "no request hung past 6 s", res.slowest < 6000, `slowest ${res.slowest} ms; statuses ${summary}`);
    check(checks, "no 500s during the fault", !res.statuses.has(500));
    check(checks, "every 503 carried the API error body", res.bad503Body === 0);
    const after = postgres(url, { max: 1, onnotice: () => {} });
    const ids = res.acked.map((a) => a.id);
    const found = ids.length ? await after<{ n: number }[]>`select count(*)::int as n from comments where id in ${after(ids)}` : [{ n: 0 }];
    check(
      checks,
      "every 2xx-acknowledged write is present afterwards",
      found[0]!.n === ids.length,
      `${found[0]!.n} of ${ids.length} acknowledged comments`,
    );
    const [p] = await after<
      { comment_count: number; n: number }[]
    >`select comment_count, (select count(*)::int from comments where post_id = ${postId} and deleted_at is null) as n from posts where id = ${postId}`;
    check(checks, "commentCount equals the live comment rows", p!.comment_count === p!.n, `${p!.comment_count} vs ${p!.n}`);
    await after.end();
  } finally {
    await server.stop();
  }
}

async function embeddedKill9() {
  const dir = path.resolve("data-reliability-embedded");
  removeDir(dir);
  makeDir(dir);
  // Demo content gives the new embedded database its categories and tags.
  const env = { DATA_DIR: dir, DATABASE_URL: "", TEST_RATE_LIMITS: "comments=1000000", SEED_DEMO: "1" };
  let server = await startServer(3232, env);
  try {
    const reg = await api(server.url, "/api/auth/register", null, "POST", {
      username: "killer",
      email: "killer@rel.invalid",
      password: "kill-password-9",
    });
    const token = String(reg.json?.token ?? "");
    check(checks, "embedded: a user registers", reg.status === 201);
    const cats = await api(server.url, "/api/categories", null);
    const tags = await api(server.url, "/api/tags?pageSize=5", null);
    const categoryId = Number((cats.json as unknown as { id: number }[])?.[0]?.id);
    const tagId = Number((tags.json as unknown as { id: number }[])?.[0]?.id);
    let categoryOk = Number.isInteger(categoryId) && Number.isInteger(tagId);
    if (!categoryOk) {
      console.log("[fault] the embedded database has no category/tag (no demo content): creating a tag");
    }
    const post = await api(server.url, "/api/posts", token, "POST", {
      title: "kill -9 target",
      content: "x",
      categoryId,
      tagIds: [tagId],
      type: "NORMAL",
    });
    categoryOk = post.status === 201;
    check(checks, "embedded: a post is created", categoryOk, `status ${post.status}`);
    const postId = Number(post.json?.id);
    const acked: number[] = [];
    let stop = false;
    const load = (async () => {
      let i = 0;
      while (!stop) {
        try {
          const r = await api(server.url, `/api/posts/${postId}/comments`, token, "POST", { content: `k${i++}` });
          if (r.status === 201) acked.push(Number(r.json!.id));
        } catch {
          /* the kill */
        }
      }
    })();
    await sleep(3000);
    server.proc.kill("SIGKILL");
    stop = true;
    await load;
    await sleep(500);
    server = await startServer(3232, env);
    const list = await api(server.url, `/api/posts/${postId}/comments?pageSize=100&page=0`, null);
    const pages: number[] = [];
    for (let page = 0; ; page++) {
      const r = page === 0 ? list : await api(server.url, `/api/posts/${postId}/comments?pageSize=100&page=${page}`, null);
      const items = Array.isArray(r.json) ? (r.json as { id: number }[]) : [];
      pages.push(...items.map((c) => c.id));
      if (items.length < 100) break;
    }
    const have = new Set(pages);
    const missing = acked.filter((id) => !have.has(id));
    check(checks, "embedded: the data folder opens after kill -9", list.status === 200);
    check(
      checks,
      "embedded: every acknowledged write survived kill -9",
      missing.length === 0,
      `${acked.length - missing.length} of ${acked.length} acknowledged comments present`,
    );
  } finally {
    await server.stop();
    removeDir(dir);
  }
}

async function main() {
  if (!args["only-embedded"]) await postgresOutage();
  void tokenFor;
  if (!args["skip-embedded"]) await embeddedKill9();
  finish(checks);
}

main().catch((e) => {
  console.error(e);
  check(checks, "the script ran to the end", false, String(e));
  finish(checks);
});
