/**
 * What a write changed, said once, after its transaction has committed: the in-process seam behind the
 * read caches.
 *
 * Every service that writes ends with `afterCommit(db.transaction(...), …)` (or calls `announce(...)`
 * right after its single statement), with what it did as the helpers of lib/changes/written.ts say it
 * (`commentWritten(c)`, `postChanged(id)`…): which kinds of things changed lives there, once per entity,
 * and which cached pages each kind reaches lives in lib/cache/page-versions.ts. Nothing is announced
 * because a request happened to be a POST: a markdown preview or a failed login announces nothing.
 *
 * Its one listener is the read caches' (lib/cache/listeners.ts, registered at start-up by lib/startup.ts
 * and by the tests' setup). Live events and reply mail do not listen here: database triggers write them
 * in the writing transaction (live events: trigger → `events` → pg_notify → lib/live/events.ts; reply
 * mail: trigger → `notification_mail_queue` → the scheduler's drain, lib/jobs/mail-drain.ts), so they cover
 * writes from any process or script. The table is in lib/cache/README.md.
 *
 * Rules: announce only after the commit (never inside `db.transaction`), once per service call, with
 * everything the call changed; a view counter is not a change. Listeners run in registration order and
 * are awaited, so the caller's next read (in any process) already sees the new versions; a listener that
 * throws fails the call. With no listener at all, announce throws in development and tests (a process
 * that writes without registering the caches' listener would leave every cache stale).
 */

export const CHANGE_KINDS = [
  "post",
  "activity",
  "comment",
  "reaction",
  "poll",
  "lottery",
  "subscription",
  "category",
  "tag",
  "user",
  "account",
  "notification",
  "point-good",
  "site-settings",
  "token",
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/**
 * One kind of thing a write touched and the ids of the rows (empty when not one row, e.g. settings).
 * Built by the helpers of lib/changes/written.ts, which say what each kind means.
 */
export type Change = { kind: ChangeKind; ids: number[] };

/**
 * A change built by hand: for the helpers of lib/changes/written.ts and for tests. Services say what
 * they did with those helpers instead, so which kinds a write touches is written down once per entity.
 */
export const changed = (kind: ChangeKind, ...ids: number[]): Change => ({ kind, ids });

export type ChangeListener = (changes: readonly Change[]) => void | Promise<void>;

// Keyed by name and kept on globalThis, so a hot reload replaces a listener instead of adding a second.
const g = globalThis as unknown as { __forumChangeListeners?: Map<string, ChangeListener>; __forumChangeWarned?: boolean };
const listeners: Map<string, ChangeListener> = (g.__forumChangeListeners ??= new Map());

/** Subscribes `listener` under `name` (a second call with the same name replaces it); returns the unsubscribe. */
export function onChange(name: string, listener: ChangeListener): () => void {
  listeners.set(name, listener);
  return () => {
    if (listeners.get(name) === listener) listeners.delete(name);
  };
}

/** Tells every listener what a committed write changed. No changes, no call. */
export async function announce(...changes: (Change | readonly Change[])[]): Promise<void> {
  const flat = changes.flat().filter((c): c is Change => c !== undefined);
  if (!flat.length) return;
  if (!listeners.size) {
    const message = "announce() with no listener: register the read caches' listener at start-up (lib/cache/listeners.ts)";
    if (process.env.NODE_ENV !== "production") throw new Error(message);
    if (!g.__forumChangeWarned) console.error(`[changes] ${message}`);
    g.__forumChangeWarned = true;
    return;
  }
  for (const listener of [...listeners.values()]) await listener(flat);
}

/**
 * Awaits a write (normally a `db.transaction(...)` promise) and, once it has committed, announces
 * `changes` (or the changes computed from its result). A write that throws announces nothing.
 */
export async function afterCommit<T>(write: PromiseLike<T>, changes: readonly Change[] | ((result: T) => readonly Change[])): Promise<T> {
  const result = await write;
  await announce(typeof changes === "function" ? changes(result) : changes);
  return result;
}
