// POST /api/posts/{id}/lottery/join: joins once (a repeat charges nothing) and returns the Lottery.
import { parseId } from "@/lib/api/body";
import { route } from "@/lib/api/route";
import { joinLottery } from "@/lib/services/lotteries";
import { requireViewer } from "@/lib/viewer";

export const POST = route<{ id: string }>(
  async ({ params, viewer }) => joinLottery({ postId: parseId(params.id), viewer: requireViewer(viewer) }),
  { auth: "required" },
);
