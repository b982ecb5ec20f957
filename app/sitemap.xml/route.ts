// GET /sitemap.xml: the sitemap index, one entry per file of at most 50,000 addresses (docs/seo.md).
import { declared } from "@/lib/api/route";
import { crawlerFile } from "@/lib/api/seo-response";
import { siteBase } from "@/lib/seo/metadata";
import { sitemapIndex, sitemapIndexXml } from "@/lib/services/seo/sitemap";

export const dynamic = "force-dynamic";

export const GET = declared(
  {
    tag: "Other",
    summary: "Sitemap index",
    auth: "none",
    responses: [{ status: 200, description: "application/xml: a sitemapindex" }],
  },
  async (req) => crawlerFile(req, sitemapIndexXml(await sitemapIndex(), siteBase()), "application/xml; charset=utf-8"),
);
