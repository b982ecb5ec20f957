// The sign-up captcha's providers (docs/spam.md): where each one's widget script, frames and verify
// endpoint live. No imports: the Content-Security-Policy (lib/api/csp.ts, which next.config.ts loads)
// reads it as well as the sign-up screen.

export type CaptchaProvider = "turnstile" | "hcaptcha";

/** The settings this reads (lib/env.ts validates them; the CSP reads process.env itself). */
export type CaptchaSettings = {
  CAPTCHA_PROVIDER?: string;
  CAPTCHA_SITE_KEY?: string;
  CAPTCHA_SECRET_KEY?: string;
  CAPTCHA_SCRIPT_URL?: string;
  CAPTCHA_VERIFY_URL?: string;
};

/**
 * Each provider's explicit-rendering script, siteverify endpoint, and the origins its widget loads
 * from, as the providers document them for a Content-Security-Policy: Turnstile needs script-src and
 * frame-src https://challenges.cloudflare.com; hCaptcha script-src, frame-src, style-src and
 * connect-src https://hcaptcha.com https://*.hcaptcha.com.
 */
export const CAPTCHA_PROVIDERS: Record<CaptchaProvider, { script: string; verify: string; origins: string[]; styles: boolean }> = {
  turnstile: {
    script: "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit",
    verify: "https://challenges.cloudflare.com/turnstile/v0/siteverify",
    origins: ["https://challenges.cloudflare.com"],
    styles: false,
  },
  hcaptcha: {
    script: "https://js.hcaptcha.com/1/api.js?render=explicit&recaptchacompat=off",
    verify: "https://api.hcaptcha.com/siteverify",
    origins: ["https://hcaptcha.com", "https://*.hcaptcha.com"],
    styles: true,
  },
};

/** The provider in force: named, with both keys set; else null (sign-up asks for no captcha). */
export function captchaProvider(s: CaptchaSettings): CaptchaProvider | null {
  const p = s.CAPTCHA_PROVIDER;
  if ((p !== "turnstile" && p !== "hcaptcha") || !s.CAPTCHA_SITE_KEY || !s.CAPTCHA_SECRET_KEY) return null;
  return p;
}

/** The widget script the sign-up page loads: CAPTCHA_SCRIPT_URL, or the provider's own. */
export const captchaScriptUrl = (s: CaptchaSettings, p: CaptchaProvider): string => s.CAPTCHA_SCRIPT_URL || CAPTCHA_PROVIDERS[p].script;

/** The siteverify endpoint the server posts the token to: CAPTCHA_VERIFY_URL, or the provider's own. */
export const captchaVerifyUrl = (s: CaptchaSettings, p: CaptchaProvider): string => s.CAPTCHA_VERIFY_URL || CAPTCHA_PROVIDERS[p].verify;

/**
 * What the page policy adds for the captcha, per directive; empty when no captcha is configured. A
 * script from CAPTCHA_SCRIPT_URL (a stand-in, or a provider's proxy) serves the whole widget from its
 * own origin, so that origin replaces the provider's.
 */
export function captchaCspSources(s: CaptchaSettings): { script: string[]; frame: string[]; style: string[]; connect: string[] } {
  const p = captchaProvider(s);
  if (!p) return { script: [], frame: [], style: [], connect: [] };
  let origins = CAPTCHA_PROVIDERS[p].origins;
  if (s.CAPTCHA_SCRIPT_URL) {
    try {
      origins = [new URL(s.CAPTCHA_SCRIPT_URL).origin];
    } catch {
      // lib/env.ts refuses a URL that does not parse before the server starts.
    }
  }
  const styled = CAPTCHA_PROVIDERS[p].styles;
  return { script: origins, frame: origins, style: styled ? origins : [], connect: styled ? origins : [] };
}
