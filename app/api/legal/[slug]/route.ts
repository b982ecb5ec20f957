// GET /api/legal/{slug}: an operator's page (about, terms, privacy, guidelines) as markdown and HTML, with its version.
import { ok, route } from "@/lib/api/route";
import { notFound } from "@/lib/errors";
import { getLegalPage } from "@/lib/services/site/legal";
import { legalPageSchema, legalSlugSchema } from "@/lib/validation/site";

export const GET = route(
  {
    tag: "Other",
    summary: "A legal page",
    description: "`slug`: about, terms, privacy or guidelines (another is a 404). Version 0 is the built-in text.",
    auth: "none",
    responses: [ok(legalPageSchema)],
  },
  ({ params }) => {
    const slug = legalSlugSchema.safeParse(params.slug);
    if (!slug.success) throw notFound();
    return getLegalPage({ slug: slug.data });
  },
);
