// GET /api/users/{username}: a public profile.
import { route } from "@/lib/api/route";
import { getProfile } from "@/lib/services/users";

export const GET = route<{ username: string }>(async ({ params, viewer }) => getProfile(params.username, viewer));
