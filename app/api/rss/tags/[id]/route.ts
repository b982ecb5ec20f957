// GET /api/rss/tags/{id}: the newest public posts carrying one tag, RSS 2.0 (Atom with ?format=atom).
import { parseId } from "@/lib/api/body";
import { feedResponse } from "@/lib/api/feed-response";
import { siteOrigin } from "@/lib/api/origin";
import { route } from "@/lib/api/route";
import { buildFeed } from "@/lib/services/posts/rss";
import { feedQuerySchema } from "@/lib/validation/feeds";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    tag: "Other",
    summary: "Feed of a tag's newest posts",
    description: "RSS 2.0, or Atom 1.0 with format=atom: the 20 newest public posts carrying the tag; 404 when it does not exist.",
    auth: "none",
    query: feedQuerySchema,
    responses: [{ status: 200, description: "RSS 2.0 (application/atom+xml with format=atom)", media: "application/rss+xml" }],
  },
  async ({ req, params, query }) =>
    feedResponse(req, await buildFeed({ kind: "tag", id: parseId(params.id) }, query.format, siteOrigin(req))),
);
