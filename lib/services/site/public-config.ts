import "server-only";
import { env } from "@/lib/env";
import { getRegistrationMode } from "@/lib/services/shared/site-settings";
import { readSiteIdentity } from "@/lib/services/site/identity";
import { termsVersion } from "@/lib/services/site/legal";
import { captchaProvider } from "@/lib/services/spam/captcha";
import type { PublicConfigDto } from "@/lib/validation/openisle/site";

/**
 * GET /api/config (OpenIsle's ConfigController): what a client must know before it
 * shows a form. The sign-up form asks for a captcha when a provider and both keys are set (the same
 * test as the sign-up screen, lib/services/spam/captcha.ts): then `registerCaptchaEnabled` and
 * OpenIsle's master switch `captchaEnabled` are true, and the extras `captchaProvider` and
 * `captchaSiteKey` (public: the widget shows it to every visitor) say which widget to render; the secret
 * key never leaves the server. Sign-in, posts and comments never ask for one,
 * and we offer no AI formatting (false / 0 are the truth, not defaults); registration is open
 * (OpenIsle's DIRECT) or closed (our CLOSED: OpenIsle has no such mode; its WHITELIST, sign-up with an
 * admin's approval, we do not have).
 */
export async function getPublicConfig(): Promise<PublicConfigDto> {
  const [mode, site, terms] = await Promise.all([getRegistrationMode(), readSiteIdentity(), termsVersion()]);
  const e = env();
  const provider = captchaProvider(e);
  const signUpCaptcha = provider !== null;
  return {
    captchaEnabled: signUpCaptcha,
    registerCaptchaEnabled: signUpCaptcha,
    loginCaptchaEnabled: false,
    postCaptchaEnabled: false,
    commentCaptchaEnabled: false,
    captchaProvider: provider,
    captchaSiteKey: provider ? (e.CAPTCHA_SITE_KEY ?? null) : null,
    aiFormatLimit: 0,
    registerMode: mode === "OPEN" ? "DIRECT" : "CLOSED",
    registrationMode: mode,
    // The site's identity (issue 61): what it is called, looks like and speaks.
    siteName: site.name,
    siteDescription: site.description,
    accentColor: site.accentColor,
    defaultLanguage: site.defaultLanguage,
    contactEmail: site.contactEmail,
    logoLightUrl: site.logoLight,
    logoDarkUrl: site.logoDark,
    iconUrls: site.icons,
    termsVersion: terms,
  };
}
