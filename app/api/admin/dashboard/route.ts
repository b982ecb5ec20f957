// GET /api/admin/dashboard (moderators and admins): the staff overview of /admin.
import { ok, route } from "@/lib/api/route";
import { getAdminDashboard } from "@/lib/services/moderation/dashboard";
import { adminDashboardSchema } from "@/lib/validation/admin-dashboard";

export const GET = route(
  {
    tag: "Administration",
    summary: "The staff dashboard",
    description:
      "Totals, activity over the last 24 hours, 7 and 30 days with a per-day series, open flags, pending posts and the mail queue. " +
      "Moderators get posts, comments and moderation; members, sign-ups, active members and mail are for admins (null or left out).",
    auth: "required",
    role: "MODERATOR",
    responses: [ok(adminDashboardSchema)],
  },
  ({ viewer }) => getAdminDashboard(viewer),
);
