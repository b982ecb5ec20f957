import "server-only";
import { sql } from "drizzle-orm";
import { connection, db, directSql, jsonValue, rawRows } from "@/db";
import { canReviewPosts, canSeePost } from "@/lib/permissions";
import { hiddenCategoriesSql } from "@/lib/permissions/category-access";
import { moderatedCategoriesSql } from "@/lib/permissions/category-moderators";
import type { LiveEvent } from "@/lib/live/event-shape";
import type { Viewer } from "@/lib/viewer";
import { endedSignIns } from "@/lib/services/auth/sessions";
import { setting } from "@/lib/env";

/**
 * Live events. Triggers (migration 0006) write each event to the `events` outbox and call
 * pg_notify('forum_events', json) in the writing transaction, so an event exists only once its write
 * has committed, whichever process (or script) wrote it. Each process holds ONE listening connection
 * (postgres.js `listen`, or PGlite's in-process `listen` on the embedded database) and fans events out
 * in memory to its open streams, each filtered by what that stream's viewer may see.
 *
 * A stream ends with the sign-in it was opened with: triggers (migration 0042) emit a
 * `revoked` event when a session or token is revoked or deleted, or its member is suspended or changes
 * role; every process closes the streams it names at once (never sending it). As a backstop, each
 * process rechecks all its signed-in streams' sign-ins every EVENTS_RECHECK_MS (one batch of queries),
 * which also ends streams whose session or token merely expired.
 */

export const CHANNEL = "forum_events";
/** A client resuming further back than this many events (or than the outbox keeps) is told to reload. */
export const RESUME_MAX = 500;
/** How long the outbox keeps events for resuming clients. */
export const OUTBOX_MINUTES = 15;

export type { LiveEvent };

const NONE: ReadonlySet<number> = new Set();

/**
 * Whether `viewer` may receive `e`: their own notifications and conversations; post events of posts they
 * may read; review-queue events when they review (staff: all; a category moderator: `moderates`' only).
 */
export function canReceive(
  viewer: Viewer | null,
  e: LiveEvent,
  hidden: ReadonlySet<number> = NONE,
  moderates: ReadonlySet<number> = NONE,
): boolean {
  if (e.type === "revoked") return false;
  if (e.type === "review") return canReviewPosts(viewer) || (!!viewer && e.categoryId !== undefined && moderates.has(e.categoryId));
  if (e.type === "notification") return !!viewer && viewer.id === e.userId;
  if (e.type === "message" || e.type === "message_read") return !!viewer && !!e.userIds?.includes(viewer.id);
  if (e.type === "reload") return true;
  if (e.authorId === undefined || !e.status || !e.scope) return false;
  // Lists show published posts only (a post awaiting review arrives when it is approved).
  if (e.type === "post_created" && e.status !== "PUBLISHED") return false;
  // The category rule (issue 57): the stream's hidden categories, read when it opened.
  const inHidden = (id: number | undefined) => id !== undefined && hidden.has(id);
  if (!inHidden(e.categoryId) && canSeePost(viewer, { authorId: e.authorId, status: e.status, visibleScope: e.scope })) return true;
  // A post that became hidden: whoever saw it before learns that it changed (and then gets a 404).
  return (
    e.type === "post_changed" &&
    !!e.oldStatus &&
    !!e.oldScope &&
    !inHidden(e.oldCategoryId ?? e.categoryId) &&
    canSeePost(viewer, { authorId: e.authorId, status: e.oldStatus, visibleScope: e.oldScope })
  );
}

/**
 * Whether a `revoked` event ends a stream opened by `viewer`: its own session or token ended, or (heard
 * live, not replayed from the outbox: a replay may reach back before the stream's viewer was resolved)
 * its member was suspended or changed role.
 */
export function endsStream(viewer: Viewer | null, e: LiveEvent, live: boolean): boolean {
  if (e.type !== "revoked") return false;
  // A category's permissions changed (issue 57): every stream ends and resumes under the new rule.
  if (e.kind === "access") return live;
  if (!viewer || e.userId !== viewer.id) return false;
  if (e.kind === "session") return viewer.session?.kind === "session" && viewer.session.id === e.sessionId;
  if (e.kind === "token") return viewer.session?.kind === "token" && viewer.session.id === e.tokenId;
  return live;
}

/** How long a process remembers that a member's sign-ins or account changed (see `revokedLately`). */
const REVOKED_MEMORY_MS = 60_000;

type Listener = (e: LiveEvent) => void;

class EventHub {
  private listeners = new Set<Listener>();
  private started: Promise<void> | null = null;
  private stop: (() => Promise<void>) | null = null;
  private lastId = 0;
  private pruneTimer: NodeJS.Timeout | null = null;
  /** Members whose sign-ins or account changed lately, with when this process heard it. */
  private revokedAt = new Map<number, number>();
  /** Signed-in streams (their `end`), with the viewer each was opened with, for the periodic recheck. */
  private held = new Map<() => void, Viewer>();
  private recheckTimer: NodeJS.Timeout | null = null;
  /** Events received by this process (for tests and the reliability script). */
  received = 0;

  /** Starts listening once per process (called by the first stream). */
  start(): Promise<void> {
    if (!this.started) {
      this.started = this.listen().catch((err) => {
        this.started = null;
        throw err;
      });
    }
    return this.started;
  }

  private async listen(): Promise<void> {
    const conn = connection();
    const onPayload = (payload: string) => {
      let e: LiveEvent;
      try {
        e = JSON.parse(payload) as LiveEvent;
      } catch {
        return;
      }
      this.dispatch(e);
    };
    if (conn.kind === "pglite") {
      const unlisten = await conn.pglite!.listen(CHANNEL, onPayload);
      this.stop = unlisten;
    } else {
      let first = true;
      // postgres.js keeps this on a dedicated connection and listens again after a reconnect; what
      // was committed meanwhile is read back from the outbox.
      // On the direct connection (DATABASE_DIRECT_URL) when DATABASE_URL is a transaction-mode pooler,
      // which cannot keep a LISTEN (docs/scaling.md).
      const sub = await directSql().listen(CHANNEL, onPayload, () => {
        if (first) {
          first = false;
          return;
        }
        void this.catchUp();
      });
      this.stop = () => sub.unlisten();
    }
    const [row] = await rawRows<{ id: string | null }>(db, sql`select max(id)::text as id from events`);
    this.lastId = Math.max(this.lastId, Number(row?.id ?? 0));
    this.pruneTimer = setInterval(() => void pruneOutbox().catch(() => {}), 60_000);
    this.pruneTimer.unref();
  }

  private async catchUp(): Promise<void> {
    const missed = await readOutbox(this.lastId, RESUME_MAX).catch(() => null);
    if (!missed) return;
    if (missed.tooFar) this.dispatch({ id: this.lastId, type: "reload" });
    for (const e of missed.events) this.dispatch(e);
  }

  private dispatch(e: LiveEvent): void {
    this.received++;
    if (e.type === "revoked" && e.userId !== undefined) this.noteRevoked(e.userId);
    if (e.type !== "reload") this.lastId = Math.max(this.lastId, e.id);
    for (const l of this.listeners) {
      try {
        l(e);
      } catch (err) {
        console.error("[events] listener failed", err);
      }
    }
  }

  private noteRevoked(userId: number): void {
    const now = Date.now();
    if (this.revokedAt.size >= 10_000) for (const [id, at] of this.revokedAt) if (now - at > REVOKED_MEMORY_MS) this.revokedAt.delete(id);
    this.revokedAt.delete(userId);
    this.revokedAt.set(userId, now);
  }

  /**
   * Whether a revocation of `userId`'s was heard within the last minute. A stream checks it once it
   * listens: a revocation committed after its viewer was resolved but heard before it subscribed
   * would otherwise pass it by.
   */
  revokedLately(userId: number): boolean {
    const at = this.revokedAt.get(userId);
    return at !== undefined && Date.now() - at <= REVOKED_MEMORY_MS;
  }

  /** Registers a signed-in stream for the periodic recheck of its sign-in; returns the release. */
  hold(viewer: Viewer, end: () => void): () => void {
    this.held.set(end, viewer);
    this.scheduleRecheck();
    return () => void this.held.delete(end);
  }

  private scheduleRecheck(): void {
    if (this.recheckTimer) return;
    this.recheckTimer = setTimeout(
      () =>
        void this.recheck().finally(() => {
          this.recheckTimer = null;
          if (this.held.size) this.scheduleRecheck();
        }),
      setting("EVENTS_RECHECK_MS"),
    );
    this.recheckTimer.unref();
  }

  /** Ends the held streams whose sign-in no longer stands (a database error ends none). */
  async recheck(): Promise<void> {
    const held = [...this.held];
    if (!held.length) return;
    const ended = new Set(await endedSignIns(held.map(([, v]) => v)).catch(() => []));
    for (const [end, viewer] of held) if (ended.has(viewer)) end();
  }

  subscribe(l: Listener): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }

  get size(): number {
    return this.listeners.size;
  }

  /** Ends every stream (SIGTERM) and stops listening. */
  async close(): Promise<void> {
    for (const c of closers) c();
    if (this.pruneTimer) clearInterval(this.pruneTimer);
    if (this.recheckTimer) clearTimeout(this.recheckTimer);
    this.recheckTimer = null;
    const stop = this.stop;
    this.stop = null;
    this.started = null;
    if (stop) await stop().catch(() => {});
  }
}

const closers = new Set<() => void>();
const g = globalThis as unknown as { __forumEvents?: EventHub };
export const eventHub: EventHub = (g.__forumEvents ??= new EventHub());

/** Deletes outbox rows older than OUTBOX_MINUTES (any process may; it is idempotent). */
export async function pruneOutbox(): Promise<void> {
  await db.execute(sql`delete from events where created_at < now() - make_interval(mins => ${OUTBOX_MINUTES})`);
}

/** How long a stream keeps skipping the live copies of the events it replayed. */
const REPLAY_OVERLAP_MS = 10_000;

/**
 * Events after `lastId`, oldest first. `tooFar` when the client missed more than `max` events, or
 * when the event it last received is no longer in the outbox (pruned: what followed may be too).
 */
export async function readOutbox(lastId: number, max = RESUME_MAX): Promise<{ events: LiveEvent[]; tooFar: boolean }> {
  const [known] = await rawRows<{ known: boolean }>(db, sql`select exists (select 1 from events where id = ${lastId}) as known`);
  const rows = await rawRows<{ id: string; payload: unknown }>(
    db,
    sql`
    select id::text as id, payload from events where id > ${lastId} order by id limit ${max + 1}`,
  );
  const tooFar = rows.length > max || (lastId > 0 && !known?.known);
  const events = rows
    .slice(0, max)
    .map((r) => ({ ...jsonValue<Omit<LiveEvent, "id">>(r.payload, { type: "reload" }), id: Number(r.id) }) as LiveEvent);
  return { events, tooFar };
}

export type StreamOptions = {
  /** Only this post's comment/count/change events (notifications and new posts always come). */
  postId?: number;
  lastEventId?: number;
  heartbeatMs?: number;
  /**
   * A named message sent once, right after the stream opens (its data as JSON, no `id:`, so it does
   * not move the client's Last-Event-ID): the page-state of a page that opens the stream anyway.
   * Live and replayed events are not held back while it is prepared.
   */
  opening?: () => Promise<{ event: string; data: unknown }>;
};

/**
 * Events reaching many streams at once are written in one chunk per stream per FLUSH_MS: a burst of
 * writes costs each stream one write through the HTTP response instead of one per event.
 */
const FLUSH_MS = 20;
const dirty = new Set<() => void>();
let flushTimer: NodeJS.Timeout | null = null;
function scheduleFlush(flush: () => void): void {
  dirty.add(flush);
  flushTimer ??= setTimeout(() => {
    flushTimer = null;
    const all = [...dirty];
    dirty.clear();
    for (const f of all) f();
  }, FLUSH_MS);
}

const encoder = new TextEncoder();
/** Each event is serialized once, whatever the number of streams it goes to (the bytes are shared). */
const frames = new WeakMap<LiveEvent, Uint8Array>();
function frame(e: LiveEvent): Uint8Array {
  let f = frames.get(e);
  if (!f) frames.set(e, (f = encoder.encode(`id: ${e.id}\ndata: ${JSON.stringify(e)}\n\n`)));
  return f;
}

type StreamAccess = { hidden: ReadonlySet<number>; moderates: ReadonlySet<number> };

/**
 * What a stream's viewer may not see (hidden categories) and which categories they moderate through a
 * group, read once when it opens (a change of either ends the stream: migrations 0045 and 0057), in one
 * query; none for staff, who see and moderate everything.
 */
async function streamAccess(viewer: Viewer | null): Promise<StreamAccess> {
  const hiddenSql = hiddenCategoriesSql(viewer);
  if (!hiddenSql) return { hidden: NONE, moderates: NONE };
  const [row] = await rawRows<{ hidden: number[] | null; moderates: number[] | null }>(
    db,
    viewer
      ? sql`select ${hiddenSql} as hidden, array${moderatedCategoriesSql(viewer.id)} as moderates`
      : sql`select ${hiddenSql} as hidden, null::int[] as moderates`,
  );
  return { hidden: new Set((row?.hidden ?? []).map(Number)), moderates: new Set((row?.moderates ?? []).map(Number)) };
}

function wanted(viewer: Viewer | null, e: LiveEvent, postId: number | undefined, access: StreamAccess): boolean {
  if (!canReceive(viewer, e, access.hidden, access.moderates)) return false;
  if (postId === undefined || e.type === "notification" || e.type === "post_created" || e.type === "reload") return true;
  if (e.type === "review") return true;
  if (e.type === "message" || e.type === "message_read") return true;
  return e.postId === postId;
}

/**
 * The body of GET /api/events: a Server-Sent Events stream of the events `viewer` may see. Replays
 * missed events after `lastEventId` from the outbox first (or sends a `reload` event when too far
 * behind), then live ones; a comment line every `heartbeatMs` keeps proxies from closing it.
 */
export async function openEventStream(
  viewer: Viewer | null,
  opts: StreamOptions,
  signal?: AbortSignal,
): Promise<ReadableStream<Uint8Array>> {
  await eventHub.start();
  // What the viewer may not see and what they moderate, once per stream (a change of either ends the
  // stream: migrations 0045 and 0057's events).
  const access = await streamAccess(viewer);
  const heartbeatMs = opts.heartbeatMs ?? setting("EVENTS_HEARTBEAT_MS");
  let cleanup = () => {};
  return new ReadableStream<Uint8Array>({
    start: async (controller) => {
      let open = true;
      const queue: LiveEvent[] = [];
      let replaying = opts.lastEventId !== undefined;
      // Ids follow insertion, not commit order: concurrent writes commit out of id order, so live
      // events are never dropped for having a smaller id; only the replay's overlap is deduplicated:
      // events replayed from the outbox are skipped when the hub delivers them, during the replay and
      // for REPLAY_OVERLAP_MS after it (the hub may hear a NOTIFY sent before the stream opened only
      // after the replay has read that event from the outbox).
      const replayed = new Set<number>();
      const pending: Uint8Array[] = [];
      const flush = () => {
        if (!pending.length) return;
        const chunk = pending.length === 1 ? pending[0]! : Buffer.concat(pending);
        pending.length = 0;
        try {
          if (open) controller.enqueue(chunk);
        } catch {
          cleanup();
        }
      };
      const send = (e: LiveEvent) => {
        if (!open || !wanted(viewer, e, opts.postId, access)) return;
        pending.push(frame(e));
        scheduleFlush(flush);
      };
      // Declared below; a revoked sign-in ends the stream through it.
      let stop = () => {};
      const unsubscribe = eventHub.subscribe((e) => {
        if (e.type === "revoked") {
          if (endsStream(viewer, e, true)) stop();
        } else if (replaying) queue.push(e);
        else if (!replayed.has(e.id)) send(e);
      });
      const heartbeat = setInterval(() => {
        try {
          controller.enqueue(encoder.encode(`: ping\n\n`));
        } catch {
          cleanup();
        }
      }, heartbeatMs);
      heartbeat.unref?.();
      // Its own flag: `stop` runs cleanup (which clears `open`) first, and must still close the body.
      let closed = false;
      const close = () => {
        if (closed) return;
        closed = true;
        open = false;
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      let release = () => {};
      cleanup = () => {
        open = false;
        clearInterval(heartbeat);
        unsubscribe();
        release();
        closers.delete(stop);
      };
      stop = () => {
        cleanup();
        close();
      };
      closers.add(stop);
      signal?.addEventListener("abort", stop);
      if (viewer) {
        release = eventHub.hold(viewer, stop);
        if (eventHub.revokedLately(viewer.id))
          void endedSignIns([viewer]).then(
            (ended) => ended.length && stop(),
            () => {},
          );
      }
      controller.enqueue(encoder.encode(`retry: 3000\n: connected\n\n`));
      if (opts.opening) {
        void opts.opening().then(({ event, data }) => {
          try {
            if (open) controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
          } catch {
            cleanup();
          }
        });
      }
      if (opts.lastEventId !== undefined) {
        try {
          const missed = await readOutbox(opts.lastEventId);
          if (missed.tooFar) send({ id: opts.lastEventId, type: "reload" });
          else {
            for (const e of missed.events) {
              if (e.type === "revoked") {
                if (endsStream(viewer, e, false)) return stop();
                continue;
              }
              replayed.add(e.id);
              send(e);
            }
          }
        } finally {
          replaying = false;
          for (const e of queue.splice(0)) if (!replayed.has(e.id)) send(e);
          if (replayed.size) setTimeout(() => replayed.clear(), REPLAY_OVERLAP_MS).unref?.();
        }
      }
    },
    cancel: () => cleanup(),
  });
}
