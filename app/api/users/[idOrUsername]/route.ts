// GET /api/users/{idOrUsername}: a public profile, by numeric id or username, with OpenIsle's member statistics.
import { ok, route } from "@/lib/api/route";
import { getProfileDetail } from "@/lib/services/users/profile-stats";
import { profileDetailSchema } from "@/lib/validation/openisle/profiles";

export const GET = route(
  {
    tag: "Users",
    summary: "A public profile",
    description:
      "By numeric id or username (case-insensitive; an id wins over a numeric username). Counts and OpenIsle's statistics (lastPostTime, totalViews, visitedDays, readPosts, likesSent, likesReceived…) cover only posts and comments the caller may see.",
    auth: "optional",
    responses: [ok(profileDetailSchema)],
  },
  ({ params, viewer }) => getProfileDetail(viewer, { idOrUsername: params.idOrUsername ?? "" }),
);
