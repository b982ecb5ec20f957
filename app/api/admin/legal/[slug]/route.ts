// PUT /api/admin/legal/{slug} (admin): publishes a new version of a legal page (a new terms version asks every member to accept it).
import { ok, route } from "@/lib/api/route";
import { notFound } from "@/lib/errors";
import { updateLegalPage } from "@/lib/services/site/legal";
import { legalPageInputSchema, legalPageSchema, legalSlugSchema } from "@/lib/validation/site";

export const PUT = route(
  {
    tag: "Administration",
    summary: "Publish a legal page",
    description: "An unchanged text publishes nothing. Each version is kept (GET /api/legal/{slug}/history) and audited.",
    auth: "required",
    role: "ADMIN",
    body: legalPageInputSchema,
    bodyLimit: 256 * 1024,
    responses: [ok(legalPageSchema)],
  },
  ({ viewer, params, body }) => {
    const slug = legalSlugSchema.safeParse(params.slug);
    if (!slug.success) throw notFound();
    return updateLegalPage(viewer, { slug: slug.data, markdown: body.markdown });
  },
);
