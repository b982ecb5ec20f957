import { useEffect } from "react";

/**
 * The state of the progress bar (components/ui/navigation-progress.tsx): how many slow-able things run
 * (navigations, submits, transitions), and whether the bar shows, i.e. something has been running for
 * PROGRESS_DELAY_MS. Apart from the bar so that components reporting a transition do not pull its
 * messages into their pages.
 */
export const PROGRESS_DELAY_MS = 150;
let active = 0;
let shown = false;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** Something slow may have begun: the bar shows if anything is still running PROGRESS_DELAY_MS from now. Returns its end (idempotent). */
export function beginProgress(): () => void {
  let ended = false;
  if (active++ === 0)
    timer = setTimeout(() => {
      shown = true;
      emit();
    }, PROGRESS_DELAY_MS);
  return () => {
    if (ended) return;
    ended = true;
    if (--active > 0) return;
    clearTimeout(timer);
    if (shown) {
      shown = false;
      emit();
    }
  };
}

export const subscribeProgress = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

export const progressShown = () => shown;

/** Reports a component's own pending state (a transition, a refresh) to the bar. */
export function useReportPending(pending: boolean) {
  useEffect(() => (pending ? beginProgress() : undefined), [pending]);
}
