"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { postKeys } from "@/lib/query-keys";
import type { PostDto } from "@/lib/validation/responses";

/** The post of the detail page, hydrated from the server under postKeys.detail(id). */
export function usePost(id: number, initial?: PostDto) {
  return useQuery({
    queryKey: postKeys.detail(id),
    queryFn: () => api.post(id) as Promise<PostDto>,
    initialData: initial,
    staleTime: Infinity,
  });
}

/** Updates the cached post in place after a mutation answered with part of it. */
export function useSetPost(id: number) {
  const qc = useQueryClient();
  return (fn: (p: PostDto) => PostDto) => qc.setQueryData<PostDto>(postKeys.detail(id), (p) => (p ? fn(p) : p));
}
