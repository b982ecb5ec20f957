// GET/PUT /api/admin/config (admin): site settings (publish mode, registration, flag threshold; rate limits shown).
import { ok, route } from "@/lib/api/route";
import { getSiteConfig, setSiteConfig } from "@/lib/services/moderation/site-settings";
import { siteConfigInputSchema, siteConfigSchema } from "@/lib/validation/responses";

const admin = { tag: "Administration", auth: "required", role: "ADMIN" } as const;

export const GET = route({ ...admin, summary: "Site settings", responses: [ok(siteConfigSchema)] }, ({ viewer }) => getSiteConfig(viewer));

export const PUT = route(
  { ...admin, summary: "Change site settings", body: siteConfigInputSchema, responses: [ok(siteConfigSchema)] },
  ({ viewer, body }) => setSiteConfig(viewer, body),
);
