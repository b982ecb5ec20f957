// GET /api/legal/{slug}/history: every published version of a legal page, newest first (the built-in text last, as version 0).
import { ok, route } from "@/lib/api/route";
import { notFound } from "@/lib/errors";
import { legalHistory } from "@/lib/services/site/legal";
import { legalHistorySchema, legalSlugSchema } from "@/lib/validation/site";

export const GET = route(
  { tag: "Other", summary: "A legal page's versions", auth: "none", responses: [ok(legalHistorySchema)] },
  ({ params }) => {
    const slug = legalSlugSchema.safeParse(params.slug);
    if (!slug.success) throw notFound();
    return legalHistory({ slug: slug.data });
  },
);
