import { apiFetch } from "@/lib/client/api-client";
import type { SiteConfigDto } from "@/lib/validation/responses";
import type { LegalPageDto, MySiteStateDto, TermsStateDto } from "@/lib/validation/site";

/** The browser's calls for the site's identity, legal pages, banner and first-run setup (issue 61). */
export const siteApi = {
  myState: () => apiFetch<MySiteStateDto>("/api/users/me/site-state"),
  acceptTerms: (version: number) => apiFetch<TermsStateDto>("/api/users/me/terms", { body: { version } }),
  dismissBanner: (version: number) =>
    apiFetch<{ version: number; dismissed: true }>("/api/users/me/banner-dismissals", { body: { version } }),
  saveIdentity: (body: Record<string, unknown>) => apiFetch<SiteConfigDto>("/api/admin/config", { method: "PUT", body }),
  uploadImage: (kind: string, file: string) => apiFetch<unknown>(`/api/admin/config/images/${kind}`, { body: { file } }),
  clearImage: (kind: string) => apiFetch<unknown>(`/api/admin/config/images/${kind}`, { method: "DELETE" }),
  saveLegal: (slug: string, markdown: string) => apiFetch<LegalPageDto>(`/api/admin/legal/${slug}`, { method: "PUT", body: { markdown } }),
  setup: (body: { token: string; username: string; email: string; password: string }) =>
    apiFetch<{ user: { id: number; username: string } }>("/api/setup", { body }),
};

/** Query keys of the member's own site state. */
export const siteKeys = { myState: () => ["site", "my-state"] as const };
