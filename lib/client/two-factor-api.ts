import { apiFetch } from "@/lib/client/api-client";
import type { TwoFactorSetupDto, TwoFactorStatusDto } from "@/lib/validation/two-factor";

/** The browser's calls for two-factor sign-in (Settings → Two-factor). */
export const twoFactorApi = {
  status: () => apiFetch<TwoFactorStatusDto>("/api/users/me/two-factor"),
  start: () => apiFetch<TwoFactorSetupDto>("/api/users/me/two-factor", { method: "POST" }),
  confirm: (code: string) => apiFetch<{ recoveryCodes: string[] }>("/api/users/me/two-factor/confirm", { body: { code } }),
  newRecoveryCodes: (code: string) => apiFetch<{ recoveryCodes: string[] }>("/api/users/me/two-factor/recovery-codes", { body: { code } }),
  disable: (body: { password: string; code: string }) =>
    apiFetch<{ enabled: false }>("/api/users/me/two-factor", { method: "DELETE", body }),
};
