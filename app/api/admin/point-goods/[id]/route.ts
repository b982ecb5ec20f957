// PUT/DELETE /api/admin/point-goods/{id}: edit or remove a good (admin).
import { parseId } from "@/lib/api/body";
import { empty, noContent, ok, route } from "@/lib/api/route";
import { deleteGood, updateGood } from "@/lib/services/points/shop";
import { pointGoodPatchSchema } from "@/lib/validation/economy";
import { pointGoodSchema } from "@/lib/validation/responses";

const admin = { tag: "Administration", auth: "required", role: "ADMIN" } as const;

export const PUT = route(
  { ...admin, summary: "Edit a point good", body: pointGoodPatchSchema, responses: [ok(pointGoodSchema)] },
  ({ params, viewer, body }) => updateGood(viewer, { id: parseId(params.id), patch: body }),
);

export const DELETE = route({ ...admin, summary: "Delete a point good", responses: [empty()] }, async ({ params, viewer }) => {
  await deleteGood(viewer, { id: parseId(params.id) });
  return noContent();
});
