// npx tsx scripts/reliability/multiproc.ts
//
// Two server processes (server.ts) on one Postgres database (reliability_multi), as behind a load balancer:
// - the posts rate limit (4 per 300 s, TEST_RATE_LIMITS) is shared: 10 alternating requests through
//   both processes are accepted exactly 4 times;
// - every due lottery is drawn exactly once and every due poll finalized once, although both
//   processes' schedulers race for them (winners = min(prizeCount, participants), one LOTTERY_RESULT
//   and one VOTE_RESULT change log each);
// - a write through one process is visible through the other at once (no stale per-process cache);
// - mail: 30 registrations through both processes queue 30 verification mails, both processes'
//   outbox drainers race for them, and an in-process SMTP server receives exactly one per address.
import type { AddressInfo } from "node:net";
import postgres from "postgres";
import { SMTPServer } from "smtp-server";
import { api, check, ensureBuild, finish, freshDatabase, seedActors, sleep, startServer, type Check } from "./lib";

const checks: Check[] = [];

async function main() {
  ensureBuild();
  const url = await freshDatabase("reliability_multi");
  const received: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      stream.on("data", () => {});
      stream.on("end", () => {
        received.push(...session.envelope.rcptTo.map((r) => r.address.toLowerCase()));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
  const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  const env = {
    DATABASE_URL: url,
    TEST_RATE_LIMITS: "posts=4/300,register=1000",
    SCHEDULER_INTERVAL_MS: "500",
    SMTP_URL: smtpUrl,
  };
  const a = await startServer(3251, env);
  const b = await startServer(3252, env);
  const sql = postgres(url, { max: 2, onnotice: () => {} });
  try {
    const actors = await seedActors(sql, 12);
    const body = { title: "Shared limit", content: "x", categoryId: actors.categoryId, tagIds: [actors.tagIds[0]], type: "NORMAL" };
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await api(i % 2 ? b.url : a.url, "/api/posts", actors.tokens[0]!, "POST", body)).status);
    const ok = statuses.filter((s) => s === 201).length;
    check(
      checks,
      "the posts rate limit is shared by both processes",
      ok === 4 && statuses.filter((s) => s === 429).length === 6,
      `statuses ${statuses.join(" ")}`,
    );

    // Warm process B's cache of the anonymous list, then write through A: B must not serve the stale page.
    await api(b.url, "/api/posts?pageSize=50", null);
    const warm = await api(b.url, "/api/posts?pageSize=50", null);
    const created = await api(a.url, "/api/posts", actors.tokens[1]!, "POST", { ...body, title: "Seen by both" });
    const after = await api(b.url, "/api/posts?pageSize=50", null);
    const titles = (after.json as unknown as { title: string }[] | null)?.map((p) => p.title) ?? [];
    check(
      checks,
      "the anonymous list cache of one process is invalidated by a write through the other",
      warm.status === 200 && after.status === 200 && titles.includes("Seen by both"),
      `${titles.length} posts listed by B after the write`,
    );
    // The same for whole pages: B serves its anonymous home page from the page cache until a
    // write through A, and the next load after that write shows it.
    const page = async (url: string) => {
      const r = await fetch(url);
      return { hit: r.headers.get("x-forum-cache") === "hit", html: await r.text() };
    };
    await page(`${b.url}/`);
    const cachedHome = await page(`${b.url}/`);
    await api(a.url, "/api/posts", actors.tokens[1]!, "POST", { ...body, title: "Paged by both" });
    const freshHome = await page(`${b.url}/`);
    check(
      checks,
      "the page cache of one process is invalidated by a write through the other",
      cachedHome.hit && !freshHome.hit && freshHome.html.includes("Paged by both") && !cachedHome.html.includes("Paged by both"),
      `before: ${cachedHome.hit ? "hit" : "miss"}, after the write: ${freshHome.hit ? "hit" : "miss"}`,
    );
    // Post pages have versions of their own (lib/cache/page-versions.ts): a comment through A is on B's
    // next load of that post's page, and B keeps serving another post's page from its cache.
    const other = await api(a.url, "/api/posts", actors.tokens[2]!, "POST", { ...body, title: "Not commented on" });
    const postPage = (id: unknown) => page(`${b.url}/posts/${id}`);
    for (const id of [created.json?.id, other.json?.id]) for (let i = 0; i < 2; i++) await postPage(id);
    const cachedPost = await postPage(created.json?.id);
    for (let i = 0; i < 2; i++) await page(`${b.url}/`);
    const homeBefore = await page(`${b.url}/`);
    // (By a member who has posted before: a first write earns a medal, shown beside the name on every page.)
    const comment = await api(a.url, `/api/posts/${created.json?.id}/comments`, actors.tokens[1]!, "POST", {
      content: "Commented through A",
    });
    const freshPost = await postPage(created.json?.id);
    const untouched = await postPage(other.json?.id);
    check(
      checks,
      "a comment through one process is on the other's next load of its post page, and only that page renders again",
      cachedPost.hit && comment.status === 201 && !freshPost.hit && freshPost.html.includes("Commented through A") && untouched.hit,
      `before: ${cachedPost.hit ? "hit" : "miss"}, after the comment: ${freshPost.hit ? "hit" : "miss"}, another post: ${untouched.hit ? "hit" : "miss"}`,
    );
    // Lists have versions of their own too: the comment's post is on the home page, which renders again.
    const homeAfter = await page(`${b.url}/`);
    check(
      checks,
      "a comment through one process renders the other's home page (which lists its post) again",
      homeBefore.hit && !homeAfter.hit,
      `before: ${homeBefore.hit ? "hit" : "miss"}, after the comment: ${homeAfter.hit ? "hit" : "miss"}`,
    );
    // A hot list page is rendered by the write that changes it, in the writer's process: A's
    // next load is a hit that shows the write; B, which did not write, renders its own on its next load.
    for (let i = 0; i < 4; i++) await page(`${a.url}/`);
    for (let i = 0; i < 2; i++) await page(`${b.url}/`);
    const ahead = await api(a.url, "/api/posts", actors.tokens[2]!, "POST", { ...body, title: "Rendered ahead by A" });
    // The write returns before the render (lib/cache/README.md, "Renders ahead"): A's visitors get cache
    // hits throughout, the page from before the write until the new one is stored (within the interval + 3 s).
    let homeA = await page(`${a.url}/`);
    let allHits = homeA.hit;
    for (let i = 0; i < 40 && !homeA.html.includes("Rendered ahead by A"); i++) {
      await sleep(200);
      homeA = await page(`${a.url}/`);
      allHits &&= homeA.hit;
    }
    const homeB = await page(`${b.url}/`);
    check(
      checks,
      "a write renders its process's hot home page ahead, after its response: every load there is a hit, and shows it within seconds; the other process renders it",
      ahead.status === 201 &&
        allHits &&
        homeA.html.includes("Rendered ahead by A") &&
        !homeB.hit &&
        homeB.html.includes("Rendered ahead by A"),
      `A: ${allHits ? "all hits" : "a miss"}${homeA.html.includes("Rendered ahead by A") ? "" : " (never showed it)"}, B: ${homeB.hit ? "hit" : "miss"}`,
    );
    const seen = await api(b.url, `/api/posts/${created.json?.id}`, null);
    check(
      checks,
      "a write through one process is read through the other at once",
      seen.status === 200 && seen.json?.title === "Seen by both",
    );

    // Lotteries and polls that fall due in 15 s (time enough to join on a loaded machine; a join after
    // the end is refused and would leave fewer participants than prizes), with 10 participants / voters each.
    const dueAt = Date.now() + 15_000;
    const soon = new Date(dueAt).toISOString();
    const lotteryIds: number[] = [];
    const pollIds: number[] = [];
    for (let i = 0; i < 4; i++) {
      const tok = actors.tokens[2 + i]!;
      const l = await api(a.url, "/api/posts", tok, "POST", {
        ...body,
        title: `Lottery ${i}`,
        type: "LOTTERY",
        lottery: {
          prizeDescription: "p",
          prizeIcon: "",
          prizeCount: 3,
          pointCost: 0,
          startTime: new Date(Date.now() - 60_000).toISOString(),
          endTime: soon,
        },
      });
      const p = await api(b.url, "/api/posts", tok, "POST", {
        ...body,
        title: `Poll ${i}`,
        type: "POLL",
        poll: { options: ["x", "y"], multiple: false, endTime: soon },
      });
      if (l.status === 201) lotteryIds.push(Number(l.json!.id));
      if (p.status === 201) pollIds.push(Number(p.json!.id));
    }
    check(checks, "setup: 4 lotteries and 4 polls created", lotteryIds.length === 4 && pollIds.length === 4);
    const joins: number[] = [];
    for (const id of lotteryIds)
      for (const t of actors.tokens.slice(6)) joins.push((await api(a.url, `/api/posts/${id}/lottery/join`, t, "POST", {})).status);
    for (const id of pollIds)
      for (const t of actors.tokens.slice(6))
        joins.push((await api(b.url, `/api/posts/${id}/poll/vote`, t, "POST", { options: ["x"] })).status);
    check(
      checks,
      "setup: every join and vote accepted before the end time",
      joins.every((s) => s < 300) && Date.now() < dueAt,
      `statuses ${[...new Set(joins)].join(",")}`,
    );
    await sleep(Math.max(0, dueAt - Date.now()) + 8000);
    const draws = await sql<{ post_id: number; winners: number; logs: number; drawn: boolean }[]>`
      select l.post_id, (select count(*)::int from lottery_winners w where w.post_id = l.post_id) as winners,
        (select count(*)::int from post_change_logs c where c.post_id = l.post_id and c.type = 'LOTTERY_RESULT') as logs, l.drawn_at is not null as drawn
      from lotteries l where l.post_id in ${sql(lotteryIds)}`;
    check(
      checks,
      "every due lottery drawn exactly once (3 winners, one LOTTERY_RESULT)",
      draws.length === 4 && draws.every((d) => d.drawn && d.winners === 3 && d.logs === 1),
      JSON.stringify(draws),
    );
    const wins = await sql<
      { n: number }[]
    >`select count(*)::int as n from notifications where type = 'LOTTERY_WIN' and post_id in ${sql(lotteryIds)}`;
    check(checks, "one LOTTERY_WIN per winner", wins[0]!.n === 12, `${wins[0]!.n} notifications`);
    const polls = await sql<{ post_id: number; done: boolean; logs: number }[]>`
      select p.post_id, p.finalized_at is not null as done,
        (select count(*)::int from post_change_logs c where c.post_id = p.post_id and c.type = 'VOTE_RESULT') as logs
      from polls p where p.post_id in ${sql(pollIds)}`;
    check(
      checks,
      "every due poll finalized exactly once (one VOTE_RESULT)",
      polls.length === 4 && polls.every((p) => p.done && p.logs === 1),
      JSON.stringify(polls),
    );
    const owners = await sql<
      { n: number }[]
    >`select count(*)::int as n from notifications where type = 'POLL_RESULT_OWNER' and post_id in ${sql(pollIds)}`;
    check(checks, "one POLL_RESULT_OWNER per poll", owners[0]!.n === 4, `${owners[0]!.n} notifications`);

    // Mail: verification mail queued through both processes, drained by both schedulers.
    const addresses: string[] = [];
    for (let i = 0; i < 30; i++) {
      const name = `mailer${i}`;
      const r = await api(i % 2 ? b.url : a.url, "/api/auth/register", null, "POST", {
        username: name,
        email: `${name}@example.test`,
        password: "mail-password-1",
      });
      if (r.status === 201) addresses.push(`${name}@example.test`);
    }
    check(checks, "setup: 30 registrations through both processes", addresses.length === 30, `${addresses.length} accepted`);
    const mailEnd = Date.now() + 30_000;
    let unsent = -1;
    while (Date.now() < mailEnd) {
      unsent = (await sql<{ n: number }[]>`select count(*)::int as n from mail_outbox where status <> 'sent'`)[0]!.n;
      if (unsent === 0) break;
      await sleep(500);
    }
    const perAddress = new Map<string, number>();
    for (const r of received) perAddress.set(r, (perAddress.get(r) ?? 0) + 1);
    check(
      checks,
      "every verification mail sent exactly once although both processes drain the outbox",
      unsent === 0 && received.length === 30 && addresses.every((x) => perAddress.get(x) === 1),
      `${received.length} mails received for ${perAddress.size} addresses, ${unsent} unsent`,
    );
    const drainers = await sql<{ pid: string; n: number }[]>`
      select split_part(claimed_by, ':', 2) as pid, count(*)::int as n from mail_outbox group by 1 order by 1`;
    console.log(`[multiproc] mail sent per process (pid: count): ${drainers.map((d) => `${d.pid}: ${d.n}`).join(", ")}`);
  } finally {
    await sql.end();
    await Promise.all([a.stop(), b.stop()]);
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  }
  finish(checks);
}

main().catch((e) => {
  console.error(e);
  check(checks, "the script ran to the end", false, String(e));
  finish(checks);
});
