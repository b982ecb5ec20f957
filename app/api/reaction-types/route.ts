// GET /api/reaction-types: the 25 reaction types (public, constant)
import { declared, ok, route } from "@/lib/api/route";
import { reactionTypes } from "@/lib/services/posts/reactions";
import { reactionTypesSchema } from "@/lib/validation/comments";

const body = JSON.stringify(reactionTypes());
const headers = { "content-type": "application/json", "cache-control": "public, max-age=3600" };
// A bearer token is still checked (a bad token is a 401 everywhere); without one, no database is touched.
const checked = route(
  { tag: "Reactions", summary: "The reaction types", auth: "none", responses: [ok(reactionTypesSchema)] },
  () => new Response(body, { headers }),
);

export const GET = declared(checked.spec, async (req, ctx) => {
  if (req.headers.has("authorization") || req.headers.has("cookie")) return checked(req, ctx);
  return new Response(body, { headers });
});
