"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/client/api-client";
import { socialKeys, userKeys } from "@/lib/client/query-keys";
import type { RelationDto } from "@/lib/validation/social";

/**
 * The caller and a member (GET /api/users/{name}/relation): follow, block and whether they may message
 * them. Always the browser's own question, so profiles and author cards can be served from the shared
 * page cache. Buttons beside the follow button (the Message button) read the same query.
 */
export function useRelation(username: string) {
  return useQuery({ queryKey: socialKeys.relation(username), queryFn: () => api.relation(username), staleTime: 30_000 });
}

/** Follow or unfollow, shown at once; the profile's counts and the Following tab are fetched again. */
export function useFollowMutation(username: string) {
  const qc = useQueryClient();
  const key = socialKeys.relation(username);
  return useMutation({
    mutationFn: (on: boolean) => api.follow(username, on),
    onMutate: async (on) => {
      await qc.cancelQueries({ queryKey: key });
      const before = qc.getQueryData<RelationDto>(key);
      qc.setQueryData<RelationDto>(key, (r) => r && { ...r, following: on });
      return { before };
    },
    onError: (_e, _on, ctx) => qc.setQueryData(key, ctx?.before),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: key });
      void qc.invalidateQueries({ queryKey: userKeys.profile(username) });
      void qc.invalidateQueries({ queryKey: [...socialKeys.all, "following-posts"] });
    },
  });
}

/** Block or unblock; a block also ends the follows between the two. */
export function useBlockMutation(username: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => api.block(username, on),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: socialKeys.relation(username) });
      void qc.invalidateQueries({ queryKey: socialKeys.blocks() });
      void qc.invalidateQueries({ queryKey: [...socialKeys.all, "following-posts"] });
    },
  });
}
