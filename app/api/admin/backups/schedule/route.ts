// PUT /api/admin/backups/schedule (admin): scheduled backups off, daily or weekly, keeping the last N.
import { ok, route } from "@/lib/api/route";
import { setBackupSchedule } from "@/lib/services/backups/backups";
import { backupScheduleInputSchema, backupScheduleSchema } from "@/lib/validation/backups";

export const PUT = route(
  {
    tag: "Administration",
    summary: "Set the backup schedule",
    description:
      "`frequency` off, daily or weekly; `keep` the last 1-100 scheduled backups (older scheduled files are deleted after each new one; backups made by hand stay). The first scheduled backup is made one period after the schedule is turned on. Audited.",
    auth: "required",
    role: "ADMIN",
    body: backupScheduleInputSchema,
    responses: [ok(backupScheduleSchema)],
  },
  ({ viewer, body }) => setBackupSchedule(viewer, body),
);
