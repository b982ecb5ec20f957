// GET /api/reaction-types: the 25 reaction types (public, constant)
import { route } from "@/lib/api/route";
import { reactionTypes } from "@/lib/services/reactions";

const body = JSON.stringify(reactionTypes());
const headers = { "content-type": "application/json", "cache-control": "public, max-age=3600" };
// A bearer token is still checked (a bad token is a 401 everywhere); without one, no database is touched.
const checked = route(() => new Response(body, { headers }));

export async function GET(req: Request): Promise<Response> {
  if (req.headers.has("authorization") || req.headers.has("cookie")) return checked(req);
  return new Response(body, { headers });
}
