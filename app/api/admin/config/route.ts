// GET/PUT /api/admin/config (admin): site settings, {publishMode: DIRECT|REVIEW}.
import { readJson } from "@/lib/api/body";
import { route } from "@/lib/api/route";
import { assertRole } from "@/lib/permissions";
import { getSiteConfig, setPublishMode } from "@/lib/services/site-settings";
import { publishModeSchema } from "@/lib/validation/posts";

export const GET = route(({ viewer }) => {
  assertRole(viewer, "ADMIN");
  return getSiteConfig();
}, { auth: "required" });

export const PUT = route(async ({ req, viewer }) => {
  assertRole(viewer, "ADMIN");
  const input = await readJson(req, publishModeSchema);
  return { publishMode: await setPublishMode(input.publishMode) };
}, { auth: "required" });
