// GET/PUT /api/admin/config (admin): site settings (publish mode, registration, flag threshold, new-member and rate limits) and the site's identity (name, description, accent, language, contact, banner, links).
import { ok, route } from "@/lib/api/route";
import { getFullSiteConfig, setFullSiteConfig } from "@/lib/services/site/config";
import { siteConfigInputSchema, siteConfigSchema } from "@/lib/validation/responses";

const admin = { tag: "Administration", auth: "required", role: "ADMIN" } as const;

export const GET = route({ ...admin, summary: "Site settings", responses: [ok(siteConfigSchema)] }, ({ viewer }) =>
  getFullSiteConfig(viewer),
);

export const PUT = route(
  { ...admin, summary: "Change site settings", body: siteConfigInputSchema, responses: [ok(siteConfigSchema)] },
  ({ viewer, body }) => setFullSiteConfig(viewer, body),
);
