// The admin dashboard's live refresh (components/admin/dashboard/live-review-refresh.tsx): a burst of
// `review` events renders the server page again once; other events never.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { reviewRefresher } from "@/lib/client/review-refresh";

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe("reviewRefresher", () => {
  it("refreshes once per burst of review events, after the settle time", () => {
    const refresh = vi.fn();
    const r = reviewRefresher(refresh, 1000);
    r.onEvent({ type: "review" });
    vi.advanceTimersByTime(400);
    r.onEvent({ type: "review" });
    r.onEvent({ type: "review" });
    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(600);
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000);
    expect(refresh).toHaveBeenCalledTimes(1);
    // A later event: another refresh.
    r.onEvent({ type: "review" });
    vi.advanceTimersByTime(1000);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it("a steady stream of events still refreshes, at most once per settle time", () => {
    const refresh = vi.fn();
    const r = reviewRefresher(refresh, 1000);
    for (let t = 0; t < 3000; t += 100) {
      r.onEvent({ type: "review" });
      vi.advanceTimersByTime(100);
    }
    expect(refresh).toHaveBeenCalledTimes(3);
  });

  it("ignores other events, and refreshes nothing once cancelled", () => {
    const refresh = vi.fn();
    const r = reviewRefresher(refresh, 1000);
    for (const type of ["comment", "notification", "post_changed", "counts"]) r.onEvent({ type });
    vi.advanceTimersByTime(2000);
    expect(refresh).not.toHaveBeenCalled();
    r.onEvent({ type: "review" });
    r.cancel();
    vi.advanceTimersByTime(2000);
    expect(refresh).not.toHaveBeenCalled();
  });
});
