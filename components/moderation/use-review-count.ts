"use client";

import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/client/api-client";
import { moderationKeys } from "@/lib/client/query-keys";

/**
 * What waits in the viewer's review queue, for the header's badge: the count the server rendered, then
 * GET /api/admin/posts/pending/count again whenever moderationKeys are invalidated: by the live `review`
 * event (LiveEventsProvider, sent to reviewers only) or a review action of this tab. `initial` null:
 * the member has no queue, and nothing is asked.
 */
export function useReviewCount(initial: number | null): number | null {
  const { data } = useQuery({
    queryKey: moderationKeys.pendingCount(),
    queryFn: async () => {
      const c = await api.pendingCount();
      return c.total ?? c.count;
    },
    initialData: initial ?? undefined,
    enabled: initial !== null,
    staleTime: Infinity,
  });
  return initial === null ? null : (data ?? initial);
}
