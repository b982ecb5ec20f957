import { ldJson } from "@/lib/seo/structured-data";

/** schema.org data for search engines (lib/seo/structured-data.ts): a data block, never run. */
export function JsonLd({ data }: { data: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: ldJson(data) }} />;
}
