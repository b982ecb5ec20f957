// POST /api/point-goods/redeem {goodId, contact} → {point}.
import { readJson } from "@/lib/api/body";
import { route } from "@/lib/api/route";
import { redeemGood } from "@/lib/services/shop";
import { redeemSchema } from "@/lib/validation/economy";
import { requireViewer } from "@/lib/viewer";

export const POST = route(
  async ({ req, viewer }) => {
    const body = await readJson(req, redeemSchema);
    return redeemGood({ viewer: requireViewer(viewer), ...body });
  },
  { auth: "required" },
);
