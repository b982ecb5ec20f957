// GET /api/admin/backups (admin): the backups kept, the last runs, the schedule. POST: back up now.
import { made, ok, route } from "@/lib/api/route";
import { listBackupsForAdmin, startBackup } from "@/lib/services/backups/backups";
import { backupListSchema, backupRunSchema } from "@/lib/validation/backups";

const admin = { tag: "Administration", auth: "required", role: "ADMIN" } as const;

export const GET = route(
  {
    ...admin,
    summary: "Backups",
    description:
      "Every backup file in the backup folder (or store), newest first, with its size, time and row counts; the last ten runs; the schedule.",
    responses: [ok(backupListSchema)],
  },
  ({ viewer }) => listBackupsForAdmin(viewer),
);

export const POST = route(
  {
    ...admin,
    summary: "Back up now",
    description:
      "Starts a backup of the whole forum (database and uploads) and answers at once with its run; poll GET /api/admin/backups/runs/{id} for its progress. 409 while another backup is being made. Audited.",
    responses: [made(backupRunSchema, "The run, started")],
    errors: [409],
  },
  async ({ viewer }) => Response.json(await startBackup(viewer), { status: 201 }),
);
