// PUT/DELETE /api/admin/point-goods/{id}: edit or remove a good (admin).
import { parseId, readJson } from "@/lib/api/body";
import { noContent, route } from "@/lib/api/route";
import { assertRole } from "@/lib/permissions";
import { deleteGood, updateGood } from "@/lib/services/shop";
import { pointGoodPatchSchema } from "@/lib/validation/economy";

export const PUT = route<{ id: string }>(
  async ({ req, params, viewer }) => {
    assertRole(viewer, "ADMIN");
    const id = parseId(params.id);
    return updateGood(viewer, id, await readJson(req, pointGoodPatchSchema));
  },
  { auth: "required" },
);

export const DELETE = route<{ id: string }>(
  async ({ params, viewer }) => {
    assertRole(viewer, "ADMIN");
    await deleteGood(viewer, parseId(params.id));
    return noContent();
  },
  { auth: "required" },
);
