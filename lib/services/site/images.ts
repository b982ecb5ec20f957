import "server-only";
import sharp from "sharp";
import type { SiteIcons } from "@/db/schema";
import { env } from "@/lib/env";
import { processImage, withImageSlot } from "@/lib/image";
import { assertRole } from "@/lib/permissions";
import { saveImage } from "@/lib/services/uploads/uploads";
import { getIdentitySettings, writeIdentityImages, type IdentitySettings } from "@/lib/services/site/identity";
import type { IdentityImageKind } from "@/lib/validation/site";
import type { Viewer } from "@/lib/viewer";

/** The app icon's sizes: favicon, apple-touch-icon, and the manifest's two. */
export const ICON_SIZES = [32, 180, 192, 512] as const;

/**
 * POST /api/admin/config/images/{kind} (admin): a logo (light or dark theme) or the app icon. Every image
 * goes through the uploads' checks first (size, magic bytes, dimensions, frames, re-encoded without
 * metadata: lib/image.ts); the icon is then cut square (centred, transparent padding) into each of
 * ICON_SIZES as PNG with sharp, each stored like an upload (content-addressed, so its URL changes with it).
 */
export async function setIdentityImage(viewer: Viewer | null, a: { kind: IdentityImageKind; bytes: Buffer }): Promise<IdentitySettings> {
  assertRole(viewer, "ADMIN");
  const { UPLOAD_MAX_BYTES, UPLOAD_MAX_DIMENSION } = env();
  const img = await processImage(a.bytes, { maxBytes: UPLOAD_MAX_BYTES, maxDimension: UPLOAD_MAX_DIMENSION });
  if (a.kind === "icon") {
    const icons: SiteIcons = {};
    for (const size of ICON_SIZES) {
      const png = await withImageSlot(() =>
        sharp(img.bytes, { animated: false })
          .resize(size, size, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
          .png({ compressionLevel: 9 })
          .toBuffer(),
      );
      icons[String(size) as keyof SiteIcons] = await saveImage({ bytes: png, ownerId: viewer!.id });
    }
    await writeIdentityImages(viewer!, { icons });
  } else {
    const url = await saveImage({ bytes: img.bytes, ownerId: viewer!.id });
    await writeIdentityImages(viewer!, a.kind === "logo-light" ? { logoLightUrl: url } : { logoDarkUrl: url });
  }
  return getIdentitySettings(viewer);
}

/** DELETE /api/admin/config/images/{kind} (admin): back to the built-in mark (or the light logo, for the dark one). */
export async function clearIdentityImage(viewer: Viewer | null, { kind }: { kind: IdentityImageKind }): Promise<IdentitySettings> {
  assertRole(viewer, "ADMIN");
  await writeIdentityImages(
    viewer!,
    kind === "icon" ? { icons: null } : kind === "logo-light" ? { logoLightUrl: null } : { logoDarkUrl: null },
  );
  return getIdentitySettings(viewer);
}
