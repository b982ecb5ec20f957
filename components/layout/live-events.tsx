"use client";

import { useTranslations } from "next-intl";
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { usePostMutation } from "@/components/posts/use-post";
import { ApiClientError, pageStateParams, type PageStateQuery } from "@/lib/client/api-client";
import { moderationKeys, notificationKeys, postKeys } from "@/lib/client/query-keys";
import type { LiveEvent } from "@/lib/live/event-shape";
import type { PageStateDto } from "@/lib/validation/users";

export type { LiveEvent };

type Listener = (e: LiveEvent) => void;
/** What the stream's first message answers, or null: ask GET /api/users/me/page-state instead. */
type FirstState = Promise<PageStateDto | null>;
type Hub = {
  subscribe: (l: Listener) => () => void;
  /**
   * The member's page-state of the page the tab opened on, carried by the stream's first message
   * (GET /api/events?state=1) instead of a request of its own. Only the first asker before the stream
   * connects gets it (the page rendered with the tab); everyone else gets undefined and asks the
   * endpoint, as do pages reached by navigation, the stream opening already.
   */
  firstPageState: (q: PageStateQuery) => FirstState | undefined;
};

const LiveContext = createContext<Hub | null>(null);

const MAX_BACKOFF_MS = 30_000;
/** Review events of one write (a silence hides many posts) refetch the queue's count once. */
const REVIEW_SETTLE_MS = 150;
/** How long the page waits for the stream's page-state before asking the endpoint itself. */
const FIRST_STATE_WAIT_MS = 5_000;

/**
 * The first page-state's hand-off: claimed by the page's shell (its effects run before the provider's),
 * then sent with the provider's first connection. Settles once: with the state, with the endpoint's
 * error, or with null (the stream failed or took too long: ask the endpoint).
 */
function firstStateSlot() {
  let open = true;
  let claimed: { q: PageStateQuery; settle: (s: PageStateDto | null) => void; fail: (e: unknown) => void } | null = null;
  return {
    claim(q: PageStateQuery): FirstState | undefined {
      if (!open || claimed) return undefined;
      return new Promise<PageStateDto | null>((resolve, reject) => {
        claimed = { q, settle: resolve, fail: reject };
      });
    },
    /** Closes the slot; the search parameters that ask for the claimed state, if any. */
    take(): string {
      open = false;
      return claimed ? `state=1&${pageStateParams(claimed.q, "state")}` : "";
    },
    resolve(s: PageStateDto | null) {
      claimed?.settle(s);
      claimed = null;
    },
    reject(e: unknown) {
      claimed?.fail(e);
      claimed = null;
    },
  };
}

/**
 * One EventSource per tab on GET /api/events, shared by every component through useLiveEvent. The
 * browser resumes by itself after a dropped connection (it sends Last-Event-ID); when the stream
 * fails for good (server restarting, 5xx) this reconnects with exponential backoff and jitter,
 * passing the last id seen. Notifications refresh the header count, review events the review queue's;
 * "reload" refreshes the page.
 */
export function LiveEventsProvider({ children }: { children: ReactNode }) {
  const [listeners] = useState<Set<Listener>>(() => new Set());
  const [first] = useState(firstStateSlot);
  const qc = useQueryClient();
  const router = useRouter();

  useEffect(() => {
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let lastId: string | null = null;
    let stopped = false;
    let waiting: ReturnType<typeof setTimeout> | undefined;
    let reviewTimer: ReturnType<typeof setTimeout> | undefined;

    const connect = () => {
      if (stopped) return;
      const state = first.take();
      const search = [lastId ? `lastEventId=${encodeURIComponent(lastId)}` : "", state].filter(Boolean).join("&");
      const es = new EventSource(search ? `/api/events?${search}` : "/api/events");
      source = es;
      if (state) {
        waiting = setTimeout(() => first.resolve(null), FIRST_STATE_WAIT_MS);
        es.addEventListener("page-state", (m) => {
          clearTimeout(waiting);
          first.resolve(JSON.parse((m as MessageEvent<string>).data) as PageStateDto);
        });
        es.addEventListener("page-state-error", (m) => {
          clearTimeout(waiting);
          const b = JSON.parse((m as MessageEvent<string>).data) as { status: number; code: string; error: string };
          first.reject(new ApiClientError(b.status, b.code, b.error));
        });
      }
      es.onopen = () => {
        attempt = 0;
      };
      es.onmessage = (m) => {
        if (m.lastEventId) lastId = m.lastEventId;
        let e: LiveEvent;
        try {
          e = JSON.parse(m.data) as LiveEvent;
        } catch {
          return;
        }
        if (e.type === "notification") void qc.invalidateQueries({ queryKey: notificationKeys.all });
        if (e.type === "reload") router.refresh();
        // Something entered or left the review queue (sent to reviewers only): its count, and the flag queue when open.
        if (e.type === "review") {
          clearTimeout(reviewTimer);
          reviewTimer = setTimeout(() => void qc.invalidateQueries({ queryKey: moderationKeys.all }), REVIEW_SETTLE_MS);
        }
        for (const l of listeners) l(e);
      };
      es.onerror = () => {
        // Failed before the page-state came: the page asks the endpoint.
        first.resolve(null);
        // CONNECTING: the browser is retrying on its own. CLOSED: it gave up; retry with backoff.
        if (es.readyState !== EventSource.CLOSED) return;
        es.close();
        const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempt) * (0.5 + Math.random() / 2);
        attempt++;
        timer = setTimeout(connect, delay);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(waiting);
      clearTimeout(reviewTimer);
      first.resolve(null);
      source?.close();
    };
  }, [qc, router, listeners, first]);

  const hub = useMemo<Hub>(
    () => ({
      subscribe: (l) => {
        listeners.add(l);
        return () => void listeners.delete(l);
      },
      firstPageState: (q) => first.claim(q),
    }),
    [listeners, first],
  );
  return <LiveContext.Provider value={hub}>{children}</LiveContext.Provider>;
}

/** Calls `onEvent` for every live event this tab receives (already filtered by the server). */
export function useLiveEvent(onEvent: Listener): void {
  const hub = useContext(LiveContext);
  const ref = useRef(onEvent);
  useEffect(() => {
    ref.current = onEvent;
  });
  useEffect(() => hub?.subscribe((e) => ref.current(e)), [hub]);
}

/** The page-state the tab's first stream brings, when this page is the one it opened on (Hub.firstPageState). */
export function useFirstPageState(): (q: PageStateQuery) => FirstState | undefined {
  const hub = useContext(LiveContext);
  return (q) => hub?.firstPageState(q);
}

/**
 * On a post page: new or changed comments and counts of this post refresh the server-rendered page
 * (new comments then count as read); announced politely to screen readers.
 */
export function LivePostUpdates({ postId, signedIn }: { postId: number; signedIn: boolean }) {
  const t = useTranslations("Header");
  const router = useRouter();
  const qc = useQueryClient();
  const { mutate } = usePostMutation(postId);
  const [message, setMessage] = useState("");
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useLiveEvent((e) => {
    if (e.postId !== postId) return;
    if (e.type === "counts" || e.type === "post_changed") void qc.invalidateQueries({ queryKey: postKeys.detail(postId) });
    if (e.type === "comment" || e.type === "comment_changed" || e.type === "post_changed") {
      // Several events in a burst: one refresh.
      clearTimeout(pending.current);
      pending.current = setTimeout(() => {
        router.refresh();
        if (e.type === "comment") {
          setMessage(t("newComment"));
          // Shown on an open page: read (POST /api/posts/{id}/read).
          if (signedIn) mutate({ kind: "mark-read" });
        }
      }, 150);
    }
  });
  useEffect(() => () => clearTimeout(pending.current), []);
  return (
    <p role="status" aria-live="polite" className="sr-only">
      {message}
    </p>
  );
}
