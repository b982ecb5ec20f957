// GET /api/config: what a client needs before it shows a form (OpenIsle's SiteConfigDto).
import { ok, route } from "@/lib/api/route";
import { getPublicConfig } from "@/lib/services/site/public-config";
import { publicConfigSchema } from "@/lib/validation/openisle/site";

export const GET = route({ tag: "Other", summary: "Public site configuration", auth: "none", responses: [ok(publicConfigSchema)] }, () =>
  getPublicConfig(),
);
