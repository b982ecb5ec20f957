// GET /api/users/{idOrUsername}: a public profile, by numeric id or username.
import { route } from "@/lib/api/route";
import { getProfile } from "@/lib/services/profiles";

export const GET = route<{ idOrUsername: string }>(async ({ params, viewer }) => getProfile(params.idOrUsername, viewer));
