// The admin lists of the spam defence (issue 58): watched words, screened email domains, screened
// addresses. Each change is audited and announced; the compiled forms are kept per process.
import "server-only";
import ipaddr from "ipaddr.js";
import { asc, eq, sql } from "drizzle-orm";
import { connection, db, directSql, type DbOrTx } from "@/db";
import { screenedEmails, screenedIps, watchedWords, type ScreenAction, type WatchedWordAction } from "@/db/schema";
import { AppError, badRequest, conflict, notFound, msg } from "@/lib/errors";
import { assertRole } from "@/lib/permissions";
import { announce } from "@/lib/changes/announce";
import { settingsChanged } from "@/lib/changes/written";
import { audit } from "@/lib/services/shared/audit";
import { normalizePattern, WordMatcher } from "@/lib/services/spam/matcher";
import type { ScreenedEmailDto, ScreenedIpDto, WatchedWordDto } from "@/lib/validation/spam";
import type { Viewer } from "@/lib/viewer";

/**
 * The compiled lists are kept per process and follow every change at once, whichever process made it:
 * each change sends `pg_notify('forum_spam_lists', <list>)` in its transaction, so it is heard when it
 * commits, and every process that reads the lists LISTENs on that channel (on the connection the live
 * events use: postgres.js's dedicated listening connection, or PGlite's in-process `listen`) and drops
 * the list named. A process not (yet) listening trusts its copies for LIST_TTL_MS, as before; while it
 * listens, LISTENING_TTL_MS is only the backstop for a notification lost with a dropped connection
 * (postgres.js listens again on reconnect, and every copy is dropped then too).
 */
const LIST_TTL_MS = 2_000;
const LISTENING_TTL_MS = 30_000;
export const SPAM_LISTS_CHANNEL = "forum_spam_lists";
type ListName = "words" | "emails" | "ips";

type Cached<T> = { value: T; at: number; loading?: Promise<T> };
const g = globalThis as {
  __forumSpamLists?: Map<string, Cached<unknown>>;
  __forumSpamListen?: { on: object | null; starting: Promise<void> | null; listening: boolean };
};
const lists = (g.__forumSpamLists ??= new Map());
const listen = (g.__forumSpamListen ??= { on: null, starting: null, listening: false });

/**
 * Starts this process's listener once per database connection (the first read of a list calls it; tests
 * await it). Every copy is dropped once it listens: a change committed between a read and the LISTEN
 * would otherwise go unheard until the backstop.
 */
export function listenForSpamListChanges(): Promise<void> {
  const conn = connection();
  if (listen.on === conn && listen.starting) return listen.starting;
  listen.on = conn;
  listen.listening = false;
  const heard = (payload: string) => {
    for (const name of payload.split(",")) lists.delete(name);
  };
  const starting = (async () => {
    if (conn.kind === "pglite") await conn.pglite!.listen(SPAM_LISTS_CHANNEL, heard);
    // onlisten runs after the first LISTEN and after every reconnect: what was sent meanwhile is lost.
    else await directSql().listen(SPAM_LISTS_CHANNEL, heard, () => lists.clear());
    lists.clear();
    if (listen.on === conn) listen.listening = true;
  })().catch((err) => {
    if (listen.on === conn) listen.starting = null;
    console.error("[spam] could not listen for watched-word and screening changes; re-reading them every 2 s", err);
  });
  listen.starting = starting;
  return starting;
}

/** Tells every process (this one included) that `list` changed; inside the change's transaction, heard at its commit. */
async function announceList(tx: DbOrTx, list: ListName): Promise<void> {
  await tx.execute(sql`select pg_notify(${SPAM_LISTS_CHANNEL}, ${list})`);
}

async function cached<T>(key: ListName, load: () => Promise<T>): Promise<T> {
  if (listen.on !== connection()) void listenForSpamListChanges();
  const ttl = listen.listening && listen.on === connection() ? LISTENING_TTL_MS : LIST_TTL_MS;
  const c = lists.get(key) as Cached<T> | undefined;
  if (c && !c.loading && Date.now() - c.at < ttl) return c.value;
  if (c?.loading) return c.loading;
  const loading = load().then((value) => {
    // A change heard while this was loading dropped the entry: the value may predate it, keep it out.
    if (lists.get(key)?.loading === loading) lists.set(key, { value, at: Date.now() });
    return value;
  });
  lists.set(key, { ...(c ?? { value: undefined as T, at: 0 }), loading });
  try {
    return await loading;
  } catch (err) {
    if (lists.get(key)?.loading === loading) lists.delete(key);
    throw err;
  }
}

/** Forget the compiled lists (after a change here; tests). */
export function forgetSpamLists(): void {
  lists.clear();
}

const iso = (d: Date) => d.toISOString();

// Watched words

/** The watched words compiled into one matcher (at most LIST_TTL_MS old). */
export function watchedWordMatcher(): Promise<WordMatcher> {
  return cached("words", async () => {
    const rows = await db.select({ id: watchedWords.id, word: watchedWords.word, action: watchedWords.action }).from(watchedWords);
    const m = new WordMatcher(rows);
    (globalThis as { __forumCensor?: WordMatcher }).__forumCensor = m;
    return m;
  });
}

/** GET /api/admin/watched-words (admin). */
export async function listWatchedWords(viewer: Viewer | null): Promise<WatchedWordDto[]> {
  assertRole(viewer, "ADMIN");
  const rows = await db
    .select()
    .from(watchedWords)
    .orderBy(asc(sql`lower(${watchedWords.word})`));
  return rows.map((r) => ({ id: r.id, word: r.word, action: r.action, createdAt: iso(r.createdAt) }));
}

/** POST /api/admin/watched-words (admin): 409 when the word is watched already (any case). */
export async function addWatchedWord(viewer: Viewer | null, input: { word: string; action: WatchedWordAction }): Promise<WatchedWordDto> {
  assertRole(viewer, "ADMIN");
  const word = normalizePattern(input.word);
  if (!word) throw badRequest(msg("spamWordInvalid"), "word");
  const row = await db.transaction(async (tx) => {
    const [r] = await tx
      .insert(watchedWords)
      .values({ word, action: input.action, createdById: viewer!.id })
      .onConflictDoNothing()
      .returning();
    if (!r) throw conflict(msg("spamWordExists", { word }));
    await audit(tx, {
      actorId: viewer!.id,
      action: "spam.word.add",
      targetType: "watched-word",
      targetId: r.id,
      before: null,
      after: { word, action: r.action },
    });
    await announceList(tx, "words");
    return r;
  });
  await changed();
  return { id: row.id, word: row.word, action: row.action, createdAt: iso(row.createdAt) };
}

/** DELETE /api/admin/watched-words/{id} (admin). */
export async function deleteWatchedWord(viewer: Viewer | null, { id }: { id: number }): Promise<void> {
  assertRole(viewer, "ADMIN");
  await db.transaction(async (tx) => {
    const [r] = await tx.delete(watchedWords).where(eq(watchedWords.id, id)).returning();
    if (!r) throw notFound(msg("spamNotFound"));
    await audit(tx, {
      actorId: viewer!.id,
      action: "spam.word.delete",
      targetType: "watched-word",
      targetId: id,
      before: { word: r.word, action: r.action },
      after: null,
    });
    await announceList(tx, "words");
  });
  await changed();
}

// Screened email domains

export async function screenedEmailDomains(): Promise<Map<string, ScreenAction>> {
  return cached("emails", async () => {
    const rows = await db.select({ domain: screenedEmails.domain, action: screenedEmails.action }).from(screenedEmails);
    return new Map(rows.map((r) => [r.domain.toLowerCase(), r.action]));
  });
}

export async function listScreenedEmails(viewer: Viewer | null): Promise<ScreenedEmailDto[]> {
  assertRole(viewer, "ADMIN");
  const rows = await db.select().from(screenedEmails).orderBy(asc(screenedEmails.domain));
  return rows.map((r) => ({ id: r.id, domain: r.domain, action: r.action, createdAt: iso(r.createdAt) }));
}

export async function addScreenedEmail(
  viewer: Viewer | null,
  input: { domain: string; action: ScreenAction },
  tx?: DbOrTx,
): Promise<ScreenedEmailDto> {
  assertRole(viewer, "MODERATOR");
  const run = async (t: DbOrTx) => {
    const [r] = await t
      .insert(screenedEmails)
      .values({ domain: input.domain, action: input.action, createdById: viewer!.id })
      .onConflictDoNothing()
      .returning();
    if (!r) throw conflict(msg("spamDomainExists", { domain: input.domain }));
    if (!tx)
      await audit(t, {
        actorId: viewer!.id,
        action: "spam.email.add",
        targetType: "screened-email",
        targetId: r.id,
        before: null,
        after: { domain: r.domain, action: r.action },
      });
    await announceList(t, "emails");
    return r;
  };
  const row = tx ? await run(tx) : await db.transaction(run);
  lists.delete("emails");
  return { id: row.id, domain: row.domain, action: row.action, createdAt: iso(row.createdAt) };
}

export async function deleteScreenedEmail(viewer: Viewer | null, { id }: { id: number }): Promise<void> {
  assertRole(viewer, "ADMIN");
  await db.transaction(async (tx) => {
    const [r] = await tx.delete(screenedEmails).where(eq(screenedEmails.id, id)).returning();
    if (!r) throw notFound(msg("spamNotFound"));
    await audit(tx, {
      actorId: viewer!.id,
      action: "spam.email.delete",
      targetType: "screened-email",
      targetId: id,
      before: { domain: r.domain, action: r.action },
      after: null,
    });
    await announceList(tx, "emails");
  });
  lists.delete("emails");
}

// Screened addresses

type Range = { net: ipaddr.IPv4 | ipaddr.IPv6; bits: number; action: ScreenAction };

function parseAddress(v: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const s = v.trim().replace(/^\[(.*)\]$/, "$1");
  if (!ipaddr.isValid(s)) return null;
  const a = ipaddr.parse(s);
  return a.kind() === "ipv6" && (a as ipaddr.IPv6).isIPv4MappedAddress() ? (a as ipaddr.IPv6).toIPv4Address() : a;
}

/** `203.0.113.7`, `203.0.113.0/24`, `2001:db8::/32` as a normalized CIDR (network address), or null. */
export function normalizeCidr(v: string): string | null {
  const s = v.trim();
  try {
    if (s.includes("/")) {
      const [addr, bits] = ipaddr.parseCIDR(s);
      const a = addr.kind() === "ipv6" && (addr as ipaddr.IPv6).isIPv4MappedAddress() ? (addr as ipaddr.IPv6).toIPv4Address() : addr;
      const b = a.kind() === "ipv4" && addr.kind() === "ipv6" ? Math.max(0, bits - 96) : bits;
      const net =
        a.kind() === "ipv4"
          ? ipaddr.IPv4.networkAddressFromCIDR(`${a.toString()}/${b}`)
          : ipaddr.IPv6.networkAddressFromCIDR(`${a.toString()}/${b}`);
      return `${net.toString()}/${b}`;
    }
    const a = parseAddress(s);
    return a ? `${a.toString()}/${a.kind() === "ipv4" ? 32 : 128}` : null;
  } catch {
    return null;
  }
}

async function screenedRanges(): Promise<Range[]> {
  return cached("ips", async () => {
    const rows = await db.select({ cidr: screenedIps.cidr, action: screenedIps.action }).from(screenedIps);
    return rows.flatMap((r) => {
      try {
        const [net, bits] = ipaddr.parseCIDR(r.cidr);
        return [{ net, bits, action: r.action }];
      } catch {
        return [];
      }
    });
  });
}

/** BLOCK when a blocked range holds `ip` and no allowed one does; ALLOW when an allowed one does; else null. */
export async function screenedIpAction(ip: string): Promise<ScreenAction | null> {
  const a = parseAddress(ip);
  if (!a) return null;
  let blocked = false;
  for (const r of await screenedRanges()) {
    if (r.net.kind() !== a.kind() || !a.match(r.net, r.bits)) continue;
    if (r.action === "ALLOW") return "ALLOW";
    blocked = true;
  }
  return blocked ? "BLOCK" : null;
}

export async function listScreenedIps(viewer: Viewer | null): Promise<ScreenedIpDto[]> {
  assertRole(viewer, "ADMIN");
  const rows = await db.select().from(screenedIps).orderBy(asc(screenedIps.cidr));
  return rows.map((r) => ({ id: r.id, cidr: r.cidr, action: r.action, createdAt: iso(r.createdAt) }));
}

export async function addScreenedIp(
  viewer: Viewer | null,
  input: { cidr: string; action: ScreenAction },
  tx?: DbOrTx,
): Promise<ScreenedIpDto> {
  assertRole(viewer, "MODERATOR");
  const cidr = normalizeCidr(input.cidr);
  if (!cidr) throw badRequest(msg("spamCidrInvalid"), "cidr");
  const run = async (t: DbOrTx) => {
    const [r] = await t
      .insert(screenedIps)
      .values({ cidr, action: input.action, createdById: viewer!.id })
      .onConflictDoNothing()
      .returning();
    if (!r) throw conflict(msg("spamCidrExists", { cidr }));
    if (!tx)
      await audit(t, {
        actorId: viewer!.id,
        action: "spam.ip.add",
        targetType: "screened-ip",
        targetId: r.id,
        before: null,
        after: { cidr, action: r.action },
      });
    await announceList(t, "ips");
    return r;
  };
  const row = tx ? await run(tx) : await db.transaction(run);
  lists.delete("ips");
  return { id: row.id, cidr: row.cidr, action: row.action, createdAt: iso(row.createdAt) };
}

export async function deleteScreenedIp(viewer: Viewer | null, { id }: { id: number }): Promise<void> {
  assertRole(viewer, "ADMIN");
  await db.transaction(async (tx) => {
    const [r] = await tx.delete(screenedIps).where(eq(screenedIps.id, id)).returning();
    if (!r) throw notFound(msg("spamNotFound"));
    await audit(tx, {
      actorId: viewer!.id,
      action: "spam.ip.delete",
      targetType: "screened-ip",
      targetId: id,
      before: { cidr: r.cidr, action: r.action },
      after: null,
    });
    await announceList(tx, "ips");
  });
  lists.delete("ips");
}

/** A watched-word change: censored text is shown differently everywhere, so every cached page and object goes. */
async function changed(): Promise<void> {
  lists.delete("words");
  await watchedWordMatcher();
  await announce(settingsChanged());
}

/** Every member write (lib/api/route.ts): 403 `ip_blocked` from a blocked address or range; staff are never refused. */
export async function assertIpMayWrite(viewer: Pick<Viewer, "role">, ip: string): Promise<void> {
  if (viewer.role !== "USER" || ip === "unknown") return;
  if ((await screenedIpAction(ip)) === "BLOCK") throw new AppError("ip_blocked", msg("spamIpBlocked"), { details: { rule: "ip" } });
}
