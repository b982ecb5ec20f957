// GET /sitemaps/{file}: one sitemap of the index (pages.xml, posts-N.xml, tags-N.xml); 404 for any other name.
import { declared } from "@/lib/api/route";
import { crawlerFile, noSuchFile } from "@/lib/api/seo-response";
import { siteBase } from "@/lib/seo/metadata";
import { parseSitemapName, sitemapFile, urlSetXml } from "@/lib/services/seo/sitemap";

export const dynamic = "force-dynamic";

export const GET = declared(
  {
    tag: "Other",
    summary: "One sitemap file",
    auth: "none",
    responses: [{ status: 200, description: "application/xml: a urlset of at most 50,000 addresses" }],
    errors: [404],
  },
  async (req, { params }) => {
    const name = parseSitemapName((await params).file ?? "");
    const urls = name ? await sitemapFile({ name }) : null;
    if (!urls) return noSuchFile();
    return crawlerFile(req, urlSetXml(urls, siteBase()), "application/xml; charset=utf-8");
  },
);
