// DELETE /api/admin/screened-emails/{id}: remove a screened email domain (admin).
import { parseId } from "@/lib/api/body";
import { empty, noContent, route } from "@/lib/api/route";
import { deleteScreenedEmail } from "@/lib/services/spam/lists";

const admin = { tag: "Administration", auth: "required", role: "ADMIN" } as const;

export const DELETE = route({ ...admin, summary: "Remove a screened email domain", responses: [empty()] }, async ({ params, viewer }) => {
  await deleteScreenedEmail(viewer, { id: parseId(params.id) });
  return noContent();
});
