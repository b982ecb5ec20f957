// GET/POST /api/admin/point-goods: list and create goods (admin).
import { readJson } from "@/lib/api/body";
import { created, route } from "@/lib/api/route";
import { assertRole } from "@/lib/permissions";
import { createGood, listGoods } from "@/lib/services/shop";
import { pointGoodInputSchema } from "@/lib/validation/economy";

export const GET = route(
  async ({ viewer }) => {
    assertRole(viewer, "ADMIN");
    return listGoods();
  },
  { auth: "required" },
);

export const POST = route(
  async ({ req, viewer }) => {
    assertRole(viewer, "ADMIN");
    return created(await createGood(viewer, await readJson(req, pointGoodInputSchema)));
  },
  { auth: "required" },
);
