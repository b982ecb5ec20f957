import { apiFetch } from "@/lib/client/api-client";
import type { EmailChangeDto, WatchDto } from "@/lib/validation/account";
import type { MeDto } from "@/lib/validation/responses";
import type { Locale } from "@/lib/i18n/locale";

/** The account-settings calls of the browser: display name, address, username, watches. */
export const accountApi = {
  updateProfile: (body: { displayName?: string | null; username?: string; locale?: Locale | null }) =>
    apiFetch<MeDto>("/api/users/me", { method: "PUT", body }),
  emailChange: () => apiFetch<EmailChangeDto>("/api/users/me/email"),
  requestEmailChange: (body: { email: string; password: string }) => apiFetch<EmailChangeDto>("/api/users/me/email", { body }),
  cancelEmailChange: () => apiFetch<EmailChangeDto>("/api/users/me/email", { method: "DELETE" }),
  confirmEmailChange: (code: string) => apiFetch<MeDto>("/api/users/me/email/confirm", { body: { code } }),
  watches: () => apiFetch<WatchDto[]>("/api/users/me/watches"),
  setWatch: (body: { categoryId?: number; tagId?: number; level: "WATCH" | "MUTE" | "NORMAL" }) =>
    apiFetch<WatchDto[]>("/api/users/me/watches", { method: "PUT", body }),
};
