"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { markPostReadAction } from "@/app/(forum)/posts/[id]/actions";
import { notificationKeys, postKeys } from "@/lib/query-keys";

/** The data of one server-sent event (lib/services/live-events.ts). */
export type LiveEvent = {
  id: number;
  type: "notification" | "comment" | "comment_changed" | "post_created" | "post_changed" | "counts" | "reload";
  postId?: number | null;
  commentId?: number;
  actorId?: number;
  authorId?: number;
  categoryId?: number;
  userId?: number;
};

type Listener = (e: LiveEvent) => void;
type Hub = { subscribe: (l: Listener) => () => void; connected: boolean };

const LiveContext = createContext<Hub | null>(null);

const MAX_BACKOFF_MS = 30_000;

/**
 * One EventSource per tab on GET /api/events, shared by every component through useLiveEvent. The
 * browser resumes by itself after a dropped connection (it sends Last-Event-ID); when the stream
 * fails for good (server restarting, 5xx) this reconnects with exponential backoff and jitter,
 * passing the last id seen. Notifications refresh the header count; "reload" refreshes the page.
 */
export function LiveEventsProvider({ children }: { children: ReactNode }) {
  const [listeners] = useState(() => new Set<Listener>());
  const [connected, setConnected] = useState(false);
  const qc = useQueryClient();
  const router = useRouter();

  useEffect(() => {
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let lastId: string | null = null;
    let stopped = false;

    const connect = () => {
      if (stopped) return;
      const url = lastId ? `/api/events?lastEventId=${encodeURIComponent(lastId)}` : "/api/events";
      const es = new EventSource(url);
      source = es;
      es.onopen = () => {
        attempt = 0;
        setConnected(true);
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
        for (const l of listeners) l(e);
      };
      es.onerror = () => {
        setConnected(false);
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
      source?.close();
    };
  }, [qc, router, listeners]);

  const hub = useMemo<Hub>(
    () => ({
      connected,
      subscribe: (l) => {
        listeners.add(l);
        return () => void listeners.delete(l);
      },
    }),
    [connected, listeners],
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

/** Whether the live stream is open (for an unobtrusive status hint). */
export function useLiveConnected(): boolean {
  return useContext(LiveContext)?.connected ?? false;
}

/**
 * On a post page: new or changed comments and counts of this post refresh the server-rendered page
 * (new comments then count as read); announced politely to screen readers.
 */
export function LivePostUpdates({ postId, signedIn }: { postId: number; signedIn: boolean }) {
  const router = useRouter();
  const qc = useQueryClient();
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
          setMessage("New comment");
          // Shown on an open page: read.
          if (signedIn) void markPostReadAction(postId);
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
