import "server-only";
import { getRegistrationMode } from "@/lib/services/moderation/site-settings";
import type { PublicConfigDto } from "@/lib/validation/openisle/site";

/**
 * GET /api/config (issue 46 item 11; OpenIsle's ConfigController): what a client must know before it
 * shows a form. We ask for no captcha and offer no AI formatting (both false / 0 are the truth, not
 * defaults); registration is open (OpenIsle's DIRECT) or closed (our CLOSED: OpenIsle has no such mode;
 * its WHITELIST, sign-up with an admin's approval, we do not have).
 */
export async function getPublicConfig(): Promise<PublicConfigDto> {
  const mode = await getRegistrationMode();
  return {
    captchaEnabled: false,
    registerCaptchaEnabled: false,
    loginCaptchaEnabled: false,
    postCaptchaEnabled: false,
    commentCaptchaEnabled: false,
    aiFormatLimit: 0,
    registerMode: mode === "OPEN" ? "DIRECT" : "CLOSED",
    registrationMode: mode,
  };
}
