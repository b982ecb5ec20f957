// GET /api/users/admins: the administrators (OpenIsle's UserDto without the email); its client offers them in the @mention picker.
import { okList, route } from "@/lib/api/route";
import { listAdmins } from "@/lib/services/users/profile-stats";
import { userDetailSchema } from "@/lib/validation/openisle/profiles";

export const GET = route(
  {
    tag: "Users",
    summary: "The administrators",
    description: "With OpenIsle's member statistics (counted over what the caller may see). Moderators are not listed, as in OpenIsle.",
    auth: "optional",
    responses: [okList(userDetailSchema)],
  },
  ({ viewer }) => listAdmins(viewer),
);
