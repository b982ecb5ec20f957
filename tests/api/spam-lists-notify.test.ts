// Issue 58: a watched-word or screening change reaches every process at once, not after the 2 s re-read.
// Each change sends pg_notify('forum_spam_lists', <list>) in its transaction and every process listens
// (lib/services/spam/lists.ts). "Another process" is a second connection here: on Postgres its own
// postgres.js client (what a second server on the same database is to this one); PGlite has one process
// per database, so there the other writer is this instance's own connection. Both databases.
import postgres from "postgres";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { connection, db } from "@/db";
import { POST as addWord } from "@/app/api/admin/watched-words/route";
import { POST as addIp } from "@/app/api/admin/screened-ips/route";
import { listenForSpamListChanges, SPAM_LISTS_CHANNEL, watchedWordMatcher } from "@/lib/services/spam/lists";
import { call, member, post, theAdmin } from "./spam-helpers";
import { elapse } from "../time";

const other = process.env.DATABASE_URL ? postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} }) : null;
afterAll(async () => {
  await other?.end();
});

/** Another process adds a watched word the way lib/services/spam/lists.ts does: the row and the notification, one transaction. */
async function otherProcessWatches(word: string, action: string): Promise<void> {
  if (other) {
    await other.begin(async (t) => {
      await t`insert into watched_words (word, action) values (${word}, ${action})`;
      await t`select pg_notify(${SPAM_LISTS_CHANNEL}, 'words')`;
    });
  } else {
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into watched_words (word, action) values (${word}, ${action})`);
      await tx.execute(sql`select pg_notify(${SPAM_LISTS_CHANNEL}, 'words')`);
    });
  }
}

/** What a separate listener (another process) hears on the channel. */
async function otherProcessListens(): Promise<{ heard: string[]; stop: () => Promise<void> }> {
  const heard: string[] = [];
  if (other) {
    const sub = await other.listen(SPAM_LISTS_CHANNEL, (p) => heard.push(p));
    return { heard, stop: () => sub.unlisten() };
  }
  const stop = await connection().pglite!.listen(SPAM_LISTS_CHANNEL, (p) => heard.push(p));
  return { heard, stop };
}

describe("watched words and screenings across processes", () => {
  it("a BLOCK word added by another process applies here at once (well inside the old 2 s re-read), to the matcher and to writes", async () => {
    const writer = await member(1);
    await listenForSpamListChanges();
    // This process has just compiled its list: without the notification it would keep it for a while.
    expect((await watchedWordMatcher()).strongest("free spinwheelz now")).toBeNull();
    const t0 = Date.now();
    await otherProcessWatches("spinwheelz", "BLOCK");
    await expect
      .poll(async () => (await watchedWordMatcher()).strongest("free spinwheelz now")?.action ?? null, { timeout: 1_000, interval: 20 })
      .toBe("BLOCK");
    const took = Date.now() - t0;
    expect(took).toBeLessThan(1_000);
    const r = await post(writer, { content: "Get your spinwheelz here" });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: "watched_word", field: "content", word: "spinwheelz" });
  });

  it("a change through the admin API tells the other processes (words, ips), once it has committed", async () => {
    const ear = await otherProcessListens();
    try {
      const admin = await theAdmin();
      expect(
        (await call(addWord, "/api/admin/watched-words", { token: admin.token, body: { word: "lottowin", action: "BLOCK" } })).status,
      ).toBe(201);
      expect(
        (await call(addIp, "/api/admin/screened-ips", { token: admin.token, body: { cidr: "198.51.100.0/24", action: "BLOCK" } })).status,
      ).toBe(201);
      await expect.poll(() => ear.heard, { timeout: 2_000, interval: 20 }).toEqual(["words", "ips"]);
      // A refused change (409, rolled back) tells nobody.
      expect(
        (await call(addWord, "/api/admin/watched-words", { token: admin.token, body: { word: "LOTTOWIN", action: "FLAG" } })).status,
      ).toBe(409);
      await elapse(200, "the refused change must tell nobody: time for a wrong notification to be heard");
      expect(ear.heard).toEqual(["words", "ips"]);
    } finally {
      await ear.stop();
    }
  });
});
