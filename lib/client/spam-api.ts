// The spam defence's admin endpoints (issue 58), for components/spam/.
import { apiFetch } from "@/lib/client/api-client";
import type { DeleteSpammerResultDto, ScreenedEmailDto, ScreenedIpDto, UserSpamDto, WatchedWordDto } from "@/lib/validation/spam";

export type WatchedAction = WatchedWordDto["action"];
export type ScreenAction = ScreenedEmailDto["action"];
export type AddScreened = (value: string, action: ScreenAction) => Promise<unknown>;
export type RemoveScreened = (id: number) => Promise<unknown>;

export const spamApi = {
  addWord: (word: string, action: WatchedAction) => apiFetch<WatchedWordDto>("/api/admin/watched-words", { body: { word, action } }),
  deleteWord: (id: number) => apiFetch<void>(`/api/admin/watched-words/${id}`, { method: "DELETE" }),
  addEmail: (domain: string, action: ScreenAction) =>
    apiFetch<ScreenedEmailDto>("/api/admin/screened-emails", { body: { domain, action } }),
  deleteEmail: (id: number) => apiFetch<void>(`/api/admin/screened-emails/${id}`, { method: "DELETE" }),
  addIp: (cidr: string, action: ScreenAction) => apiFetch<ScreenedIpDto>("/api/admin/screened-ips", { body: { cidr, action } }),
  deleteIp: (id: number) => apiFetch<void>(`/api/admin/screened-ips/${id}`, { method: "DELETE" }),
  silence: (userId: number, reason: string) => apiFetch<UserSpamDto>(`/api/admin/users/${userId}/silence`, { body: { reason } }),
  unsilence: (userId: number) => apiFetch<UserSpamDto>(`/api/admin/users/${userId}/silence`, { method: "DELETE" }),
  deleteSpammer: (userId: number) => apiFetch<DeleteSpammerResultDto>(`/api/admin/users/${userId}/delete-spammer`, { method: "POST" }),
};
