// POST /api/subscriptions/posts/{id} (subscribe) · DELETE (unsubscribe): 200 {subscribed}, idempotent
import { parseId } from "@/lib/api/body";
import { route } from "@/lib/api/route";
import { setSubscription } from "@/lib/services/subscriptions";
import { requireViewer } from "@/lib/viewer";

export const POST = route<{ id: string }>(
  async ({ params, viewer }) => setSubscription(requireViewer(viewer), parseId(params.id), true),
  { auth: "required" },
);

export const DELETE = route<{ id: string }>(
  async ({ params, viewer }) => setSubscription(requireViewer(viewer), parseId(params.id), false),
  { auth: "required" },
);
