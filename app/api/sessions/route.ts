// GET /api/sessions: the caller's active sign-ins (browser sessions and login tokens).
import { okList, route } from "@/lib/api/route";
import { listSignIns } from "@/lib/services/auth/sessions";
import { signInSchema } from "@/lib/validation/auth";

export const GET = route(
  {
    tag: "Accounts",
    summary: "The caller's active sign-ins (browser sessions and login tokens)",
    auth: "required",
    responses: [okList(signInSchema)],
  },
  ({ viewer }) => listSignIns(viewer),
);
