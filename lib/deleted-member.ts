/**
 * A deleted account keeps its row (its kept posts, its side of conversations) under the name
 * `deleted-<id>` (lib/services/accounts/delete-account.ts). That shape is reserved: no sign-up, rename or
 * provider sign-in may take it (lib/services/shared/name-taken.ts), so a name of that shape always means a
 * deleted account, and pages show "deleted member" in the reader's language in its place.
 */
export const DELETED_NAME_RE = /^deleted-\d+$/i;

/** Whether `username` is a deleted account's name. */
export const isDeletedName = (username: string | null | undefined): boolean => !!username && DELETED_NAME_RE.test(username);

/** The name to show for `username`: the reader's "deleted member" (`deletedLabel`) for a deleted account. */
export const shownName = (username: string, deletedLabel: string): string => (isDeletedName(username) ? deletedLabel : username);
