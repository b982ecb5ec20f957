"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { useReportPending } from "@/components/ui/progress-store";

/**
 * The mutation hook of the spam admin pages (rendered on the server): a successful change renders the
 * page again; `busy` covers the request and that refresh.
 */
export function useSpamMutation<V, R>(fn: (v: V) => Promise<R>) {
  const router = useRouter();
  const [refreshing, startTransition] = useTransition();
  const m = useMutation({ mutationFn: fn, onSuccess: () => startTransition(() => router.refresh()) });
  const busy = m.isPending || refreshing;
  useReportPending(busy);
  return { ...m, busy };
}
