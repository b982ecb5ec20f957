/** How long a server-rendered page waits after a `review` event before it refreshes (a burst: one refresh). */
export const REVIEW_REFRESH_MS = 1_000;

/**
 * Calls `refresh` once per burst of live `review` events: `settleMs` after the first of them, whatever
 * follows in that time (one write can send several: a silence, posts moved with a category). At most one
 * refresh per `settleMs`, so a busy queue never postpones it forever. Other events are ignored; `cancel`
 * drops a refresh not yet made (the page went away).
 */
export function reviewRefresher(refresh: () => void, settleMs = REVIEW_REFRESH_MS) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    onEvent(e: { type: string }) {
      if (e.type !== "review" || timer !== undefined) return;
      timer = setTimeout(() => {
        timer = undefined;
        refresh();
      }, settleMs);
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
