// POST /api/subscriptions/users/{username} (follow) · DELETE (unfollow): OpenIsle's paths; 200 {subscribed, followers}, idempotent.
import { ok, route } from "@/lib/api/route";
import { followUser, unfollowUser } from "@/lib/services/social/follows";
import { followStateSchema } from "@/lib/validation/social";

const about =
  "By username or numeric id (as OpenIsle's findUser). Idempotent. OpenIsle answers 200 with no body; we answer the state and the follower count. " +
  "Following oneself is a 400 (OpenIsle ignores it); following across a block, either way, a 403.";

export const POST = route(
  {
    tag: "Users",
    summary: "Follow a member",
    description: `${about} The member gets a USER_FOLLOWED notification.`,
    auth: "required",
    responses: [ok(followStateSchema)],
  },
  ({ params, viewer }) => followUser(viewer, { identifier: params.username ?? "" }),
);

export const DELETE = route(
  {
    tag: "Users",
    summary: "Stop following a member",
    description: `${about} The member gets a USER_UNFOLLOWED notification, as in OpenIsle.`,
    auth: "required",
    responses: [ok(followStateSchema)],
  },
  ({ params, viewer }) => unfollowUser(viewer, { identifier: params.username ?? "" }),
);
