import { apiFetch } from "@/lib/client/api-client";
import type {
  CategoryModeratorsDto,
  CategoryPermissionsDto,
  CategoryPermissionsInput,
  GroupDetailDto,
  GroupDto,
  GroupInput,
  GroupPatch,
} from "@/lib/validation/groups";

const id = (n: number) => String(Math.trunc(n));

/** The browser's calls for groups and category permissions (issue 57; docs/permissions.md). */
export const groupsApi = {
  list: () => apiFetch<GroupDto[]>("/api/admin/groups"),
  create: (body: GroupInput) => apiFetch<GroupDto>("/api/admin/groups", { body }),
  update: (groupId: number, body: GroupPatch) => apiFetch<GroupDto>(`/api/admin/groups/${id(groupId)}`, { method: "PUT", body }),
  remove: (groupId: number) => apiFetch<null>(`/api/admin/groups/${id(groupId)}`, { method: "DELETE" }),
  /** The group and its members as the caller may see them (admins, its owners, whoever its setting admits). */
  detail: (groupId: number) => apiFetch<GroupDetailDto>(`/api/groups/${id(groupId)}`),
  /** A member's groups the caller may see (their profile's list). */
  ofMember: (username: string) => apiFetch<GroupDto[]>(`/api/users/${encodeURIComponent(username)}/groups`),
  addMember: (groupId: number, username: string, owner?: boolean) =>
    apiFetch<GroupDetailDto>(`/api/admin/groups/${id(groupId)}/members`, {
      body: owner === undefined ? { username } : { username, owner },
    }),
  removeMember: (groupId: number, username: string) =>
    apiFetch<null>(`/api/admin/groups/${id(groupId)}/members/${encodeURIComponent(username)}`, { method: "DELETE" }),
  categoryPermissions: (categoryId: number) => apiFetch<CategoryPermissionsDto>(`/api/admin/categories/${id(categoryId)}/permissions`),
  setCategoryPermissions: (categoryId: number, body: CategoryPermissionsInput) =>
    apiFetch<CategoryPermissionsDto>(`/api/admin/categories/${id(categoryId)}/permissions`, { method: "PUT", body }),
  categoryModerators: (categoryId: number) => apiFetch<CategoryModeratorsDto>(`/api/admin/categories/${id(categoryId)}/moderators`),
  setCategoryModerators: (categoryId: number, groupIds: number[]) =>
    apiFetch<CategoryModeratorsDto>(`/api/admin/categories/${id(categoryId)}/moderators`, { method: "PUT", body: { groupIds } }),
};
