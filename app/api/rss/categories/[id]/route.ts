// GET /api/rss/categories/{id}: the newest public posts of one category, RSS 2.0 (Atom with ?format=atom).
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
    summary: "Feed of a category's newest posts",
    description: "RSS 2.0, or Atom 1.0 with format=atom: the 20 newest public posts of the category; 404 when it does not exist.",
    auth: "none",
    query: feedQuerySchema,
    responses: [{ status: 200, description: "RSS 2.0 (application/atom+xml with format=atom)", media: "application/rss+xml" }],
  },
  async ({ req, params, query }) =>
    feedResponse(req, await buildFeed({ kind: "category", id: parseId(params.id) }, query.format, siteOrigin(req))),
);
