"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useReportPending } from "@/components/ui/progress-store";
import { groupsApi } from "@/lib/client/groups-api";
import { groupKeys } from "@/lib/client/query-keys";
import type { CategoryPermissionsInput, GroupDetailDto, GroupInput, GroupPatch } from "@/lib/validation/groups";

/** Every change to a group or its membership. The API checks who may (admins; a group's owners for members). */
export type GroupChange =
  | { kind: "create"; body: GroupInput }
  | { kind: "update"; id: number; body: GroupPatch }
  | { kind: "delete"; id: number }
  | { kind: "member.add"; id: number; username: string }
  | { kind: "member.owner"; id: number; username: string; owner: boolean }
  | { kind: "member.remove"; id: number; username: string };

function send(c: GroupChange): Promise<unknown> {
  switch (c.kind) {
    case "create":
      return groupsApi.create(c.body);
    case "update":
      return groupsApi.update(c.id, c.body);
    case "delete":
      return groupsApi.remove(c.id);
    case "member.add":
      return groupsApi.addMember(c.id, c.username);
    case "member.owner":
      return groupsApi.addMember(c.id, c.username, c.owner);
    case "member.remove":
      return groupsApi.removeMember(c.id, c.username);
  }
}

/** GET /api/admin/groups (admins), prefetched by the page under the same key. */
export const useGroups = () => useQuery({ queryKey: groupKeys.list(), queryFn: groupsApi.list });

/** One group and its members as the caller may see them. */
export const useGroup = (id: number) => useQuery({ queryKey: groupKeys.detail(id), queryFn: () => groupsApi.detail(id) });

/**
 * The one mutation hook of the group screens: after a change, the group's detail (answered by the
 * member calls) is put in place and every group query is fetched again.
 */
export function useGroupChange() {
  const qc = useQueryClient();
  const m = useMutation({
    mutationFn: send,
    onSuccess: (data, c) => {
      if (c.kind === "member.add" || c.kind === "member.owner") qc.setQueryData(groupKeys.detail(c.id), data as GroupDetailDto);
      return qc.invalidateQueries({ queryKey: groupKeys.all });
    },
  });
  useReportPending(m.isPending);
  return { ...m, busy: m.isPending };
}

/** A category's permissions (GET /api/admin/categories/{id}/permissions), prefetched by the admin page. */
export const useCategoryPermissions = (categoryId: number) =>
  useQuery({ queryKey: groupKeys.categoryPermissions(categoryId), queryFn: () => groupsApi.categoryPermissions(categoryId) });

/** A category's moderating groups (GET /api/admin/categories/{id}/moderators), prefetched by the admin page. */
export const useCategoryModerators = (categoryId: number) =>
  useQuery({ queryKey: groupKeys.categoryModerators(categoryId), queryFn: () => groupsApi.categoryModerators(categoryId) });

/**
 * Saves a category's permissions (PUT …/permissions) and its moderating groups (PUT …/moderators);
 * the answers replace the cached ones.
 */
export function useSetCategoryPermissions(categoryId: number) {
  const qc = useQueryClient();
  const m = useMutation({
    mutationFn: async ({ permissions, moderators }: { permissions: CategoryPermissionsInput; moderators: number[] }) => {
      const p = await groupsApi.setCategoryPermissions(categoryId, permissions);
      qc.setQueryData(groupKeys.categoryPermissions(categoryId), p);
      qc.setQueryData(groupKeys.categoryModerators(categoryId), await groupsApi.setCategoryModerators(categoryId, moderators));
    },
  });
  useReportPending(m.isPending);
  return m;
}
