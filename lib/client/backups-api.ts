import { apiFetch } from "@/lib/client/api-client";
import type { BackupFrequency } from "@/db/schema/backups";
import type { z } from "zod";
import type { backupListSchema, backupRunSchema, backupScheduleSchema } from "@/lib/validation/backups";

export type BackupListDto = z.infer<typeof backupListSchema>;
export type BackupRunDto = z.infer<typeof backupRunSchema>;
export type BackupScheduleDto = z.infer<typeof backupScheduleSchema>;

/** The browser's calls of /admin/backups. */
export const backupsApi = {
  list: () => apiFetch<BackupListDto>("/api/admin/backups"),
  start: () => apiFetch<BackupRunDto>("/api/admin/backups", { method: "POST" }),
  run: (id: number) => apiFetch<BackupRunDto>(`/api/admin/backups/runs/${id}`),
  remove: (name: string) => apiFetch<{ deleted: true }>(`/api/admin/backups/${encodeURIComponent(name)}`, { method: "DELETE" }),
  schedule: (body: { frequency: BackupFrequency; keep: number }) =>
    apiFetch<BackupScheduleDto>("/api/admin/backups/schedule", { method: "PUT", body }),
  downloadUrl: (name: string) => `/api/admin/backups/${encodeURIComponent(name)}/download`,
};

/** Query keys of the backups page. */
export const backupKeys = { all: ["admin", "backups"] as const, list: () => ["admin", "backups", "list"] as const };
