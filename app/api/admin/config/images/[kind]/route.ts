// POST/DELETE /api/admin/config/images/{kind} (admin): the site's logo (logo-light, logo-dark) or app icon (icon; favicon, apple-touch-icon and manifest sizes made from it).
import { readUploadBody } from "@/lib/api/body";
import { ok, route } from "@/lib/api/route";
import { notFound } from "@/lib/errors";
import { clearIdentityImage, setIdentityImage } from "@/lib/services/site/images";
import { siteConfigSchema } from "@/lib/validation/responses";
import { IDENTITY_IMAGE_KINDS, type IdentityImageKind } from "@/lib/validation/site";
import { uploadFileSchema } from "@/lib/validation/uploads";

const kindOf = (v: string | undefined): IdentityImageKind => {
  if (!(IDENTITY_IMAGE_KINDS as readonly string[]).includes(v ?? "")) throw notFound();
  return v as IdentityImageKind;
};
const identityOnly = siteConfigSchema.pick({ logoLightUrl: true, logoDarkUrl: true, iconUrls: true });

export const POST = route(
  {
    tag: "Administration",
    summary: "Upload the site's logo or app icon",
    description:
      "`kind`: logo-light, logo-dark or icon. Body as POST /api/upload (`{file}` as a data URL or base64, or multipart/form-data `file`), with its checks (413, 415, 400 on size, type, dimensions). The icon is made into 32, 180, 192 and 512 px PNGs (favicon, apple-touch-icon, manifest).",
    auth: "required",
    role: "ADMIN",
    body: uploadFileSchema,
    customBody: true,
    responses: [ok(identityOnly)],
    errors: [413, 415],
  },
  async ({ req, viewer, params }) => {
    const kind = kindOf(params.kind);
    const bytes = await readUploadBody(req);
    const s = await setIdentityImage(viewer, { kind, bytes });
    return { logoLightUrl: s.logoLightUrl, logoDarkUrl: s.logoDarkUrl, iconUrls: s.iconUrls };
  },
);

export const DELETE = route(
  { tag: "Administration", summary: "Remove the site's logo or app icon", auth: "required", role: "ADMIN", responses: [ok(identityOnly)] },
  async ({ viewer, params }) => {
    const s = await clearIdentityImage(viewer, { kind: kindOf(params.kind) });
    return { logoLightUrl: s.logoLightUrl, logoDarkUrl: s.logoDarkUrl, iconUrls: s.iconUrls };
  },
);
