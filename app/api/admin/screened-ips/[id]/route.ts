// DELETE /api/admin/screened-ips/{id}: remove a screened address or range (admin).
import { parseId } from "@/lib/api/body";
import { empty, noContent, route } from "@/lib/api/route";
import { deleteScreenedIp } from "@/lib/services/spam/lists";

const admin = { tag: "Administration", auth: "required", role: "ADMIN" } as const;

export const DELETE = route({ ...admin, summary: "Remove a screened address", responses: [empty()] }, async ({ params, viewer }) => {
  await deleteScreenedIp(viewer, { id: parseId(params.id) });
  return noContent();
});
