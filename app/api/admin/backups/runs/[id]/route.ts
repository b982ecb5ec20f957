// GET /api/admin/backups/runs/{id} (admin): one backup run, with its progress while it is being made.
import { parseId } from "@/lib/api/body";
import { ok, route } from "@/lib/api/route";
import { getBackupRun } from "@/lib/services/backups/backups";
import { backupRunSchema } from "@/lib/validation/backups";

export const GET = route(
  { tag: "Administration", summary: "A backup run", auth: "required", role: "ADMIN", responses: [ok(backupRunSchema)] },
  ({ viewer, params }) => getBackupRun(viewer, { id: parseId(params.id) }),
);
