// POST /api/subscriptions/posts/{id} (subscribe) · DELETE (unsubscribe): 200 {subscribed}, idempotent
import { parseId } from "@/lib/api/body";
import { ok, route } from "@/lib/api/route";
import { setSubscription } from "@/lib/services/notifications/subscriptions";
import { subscriptionStateSchema } from "@/lib/validation/comments";

export const POST = route(
  { tag: "Posts", summary: "Subscribe to a post", auth: "required", responses: [ok(subscriptionStateSchema)] },
  ({ params, viewer }) => setSubscription(viewer, { postId: parseId(params.id), subscribed: true }),
);

export const DELETE = route(
  { tag: "Posts", summary: "Unsubscribe from a post", auth: "required", responses: [ok(subscriptionStateSchema)] },
  ({ params, viewer }) => setSubscription(viewer, { postId: parseId(params.id), subscribed: false }),
);
