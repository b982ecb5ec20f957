import { apiFetch } from "@/lib/client/api-client";
import type { DataExportDto } from "@/lib/validation/data-export";

/** The browser's calls of Settings → Your data. */
export const dataExportApi = {
  get: () => apiFetch<DataExportDto>("/api/users/me/export"),
  start: () => apiFetch<DataExportDto>("/api/users/me/export", { method: "POST" }),
};

/** Query keys of the data export. */
export const dataExportKeys = { mine: () => ["users", "me", "data-export"] as const };
