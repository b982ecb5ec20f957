"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { useLiveEvent } from "@/components/layout/live-events";
import { reviewRefresher } from "@/lib/client/review-refresh";

/**
 * On the server-rendered dashboard: something entered or left the review queue (a live `review` event,
 * sent to reviewers only), so its cards (open flags, pending posts, spam activity) are rendered again.
 */
export function LiveReviewRefresh() {
  const router = useRouter();
  const refresher = useRef<ReturnType<typeof reviewRefresher> | null>(null);
  useEffect(() => {
    const r = reviewRefresher(() => router.refresh());
    refresher.current = r;
    return () => {
      r.cancel();
      refresher.current = null;
    };
  }, [router]);
  useLiveEvent((e) => refresher.current?.onEvent(e));
  return null;
}
