// GET /api/admin/flags?status=open|resolved (moderator): the flag queue, paged.
import { parseQuery } from "@/lib/api/body";
import { route } from "@/lib/api/route";
import { listFlags } from "@/lib/services/flags";
import { listFlagsQuerySchema } from "@/lib/validation/moderation";

export const GET = route(({ req, viewer }) => listFlags(viewer, parseQuery(req, listFlagsQuerySchema)), { auth: "required" });
