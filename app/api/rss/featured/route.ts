// GET /api/rss/featured: the newest featured public posts, RSS 2.0 (Atom with ?format=atom).
import { feedResponse } from "@/lib/api/feed-response";
import { siteOrigin } from "@/lib/api/origin";
import { route } from "@/lib/api/route";
import { buildFeed } from "@/lib/services/posts/rss";
import { feedQuerySchema } from "@/lib/validation/feeds";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    tag: "Other",
    summary: "Feed of the newest featured posts",
    description: "RSS 2.0, or Atom 1.0 with format=atom: the 20 newest featured (rssExcluded = false) public posts.",
    auth: "none",
    query: feedQuerySchema,
    responses: [{ status: 200, description: "RSS 2.0 (application/atom+xml with format=atom)", media: "application/rss+xml" }],
  },
  async ({ req, query }) => feedResponse(req, await buildFeed({ kind: "featured" }, query.format, siteOrigin(req))),
);
