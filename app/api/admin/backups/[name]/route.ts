// DELETE /api/admin/backups/{name} (admin): deletes a backup file.
import { ok, route } from "@/lib/api/route";
import { deleteBackupFile } from "@/lib/services/backups/backups";
import { backupDeletedSchema } from "@/lib/validation/backups";

export const DELETE = route(
  {
    tag: "Administration",
    summary: "Delete a backup",
    description: "Audited.",
    auth: "required",
    role: "ADMIN",
    responses: [ok(backupDeletedSchema)],
  },
  ({ viewer, params }) => deleteBackupFile(viewer, { name: params.name ?? "" }),
);
