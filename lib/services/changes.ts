/**
 * What a write changed, said once, after its transaction has committed.
 *
 * Every service that writes ends with `afterCommit(db.transaction(...), changes)` (or calls
 * `announce(...)` right after its own commit). Listeners subscribe with `onChange(name, listener)`:
 * the read caches (lib/cache/content-version.ts bumps the content version so every process drops
 * stale entries); live events, search indexes and mail hook in the same way. Nothing invalidates
 * because a request happened to be a POST: a markdown preview or a failed login announces nothing.
 *
 * Rules: announce only after the commit (never inside `db.transaction`), once per service call, with
 * every kind touched; a view counter is not a change. Listeners run in registration order and are
 * awaited, so the caller's next read (in any process) already sees the new version; a listener that
 * throws fails the call, as a failed cache bump did before.
 */

export const CHANGE_KINDS = [
  "post", "activity", "comment", "reaction", "poll", "lottery", "subscription", "category", "tag", "user", "account",
  "notification", "point-good", "site-settings", "token",
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/**
 * One kind of thing a write touched and the ids of the rows (empty when not one row, e.g. settings).
 * "user" is what shows beside a member's name on every page (name, avatar, medal, role, suspension);
 * "account" is the rest of a member's row (points, experience, preferences), which shows only on their
 * own profile and settings. "post" is a change to a post itself (it may move to other lists, or change
 * their counts); "activity" is what members did on it (a comment, a reaction) that leaves it on the same
 * lists with the same counts. The page cache tells them apart (lib/cache/page-versions.ts).
 */
export type Change = { kind: ChangeKind; ids: number[] };

export type ChangeListener = (changes: readonly Change[]) => void | Promise<void>;

// Keyed by name and kept on globalThis, so a hot reload replaces a listener instead of adding a second.
const g = globalThis as unknown as { __forumChangeListeners?: Map<string, ChangeListener> };
const listeners: Map<string, ChangeListener> = (g.__forumChangeListeners ??= new Map());

/** Subscribes `listener` under `name` (a second call with the same name replaces it); returns the unsubscribe. */
export function onChange(name: string, listener: ChangeListener): () => void {
  listeners.set(name, listener);
  return () => {
    if (listeners.get(name) === listener) listeners.delete(name);
  };
}

/** Tells every listener what a committed write changed. No changes, no call. */
export async function announce(...changes: Change[]): Promise<void> {
  const nonEmpty = changes.filter((c) => c !== undefined);
  if (!nonEmpty.length) return;
  for (const listener of [...listeners.values()]) await listener(nonEmpty);
}

/**
 * Awaits a write (normally a `db.transaction(...)` promise) and, once it has committed, announces
 * `changes` (or the changes computed from its result). A write that throws announces nothing.
 */
export async function afterCommit<T>(write: PromiseLike<T>, changes: Change[] | ((result: T) => Change[])): Promise<T> {
  const result = await write;
  await announce(...(typeof changes === "function" ? changes(result) : changes));
  return result;
}

/** Shorthand for a change: `changed("post", id)`. */
export const changed = (kind: ChangeKind, ...ids: number[]): Change => ({ kind, ids });
