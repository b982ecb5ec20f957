// Screened sign-ups (issue 58): honeypot, minimum fill time, captcha, email domains, addresses.
import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import disposable from "disposable-email-domains/index.json";
import { db } from "@/db";
import { AppError, msg, msgText, type Msg } from "@/lib/errors";
import { env, setting } from "@/lib/env";
import { readSettings } from "@/lib/services/shared/site-settings";
import { captchaProvider, captchaScriptUrl, captchaVerifyUrl, type CaptchaProvider } from "@/lib/services/spam/captcha";
import { screenedEmailDomains, screenedIpAction, watchedWordMatcher } from "@/lib/services/spam/lists";
import { recordSpamEvent } from "@/lib/services/spam/silence";

const DISPOSABLE = new Set<string>(disposable as string[]);

/** The secret of the form tokens: AUTH_SECRET when set, else one per process (a restart only re-asks a slow form). */
const g = globalThis as { __forumFormSecret?: string };
function secret(): string {
  return (g.__forumFormSecret ??= setting("AUTH_SECRET") || Math.random().toString(36).slice(2) + Date.now().toString(36));
}
const sign = (t: string) => createHmac("sha256", secret()).update(`signup:${t}`).digest("base64url").slice(0, 32);

/** The sign-up form's token: when it was shown, signed (the server checks the minimum fill time against it). */
export function signUpFormToken(now = Date.now()): string {
  const t = String(now);
  return `${t}.${sign(t)}`;
}

function tokenTime(token: string): number | null {
  const [t, mac] = token.split(".");
  if (!t || !mac || !/^\d{10,16}$/.test(t)) return null;
  const want = Buffer.from(sign(t));
  const got = Buffer.from(mac);
  return want.length === got.length && timingSafeEqual(want, got) ? Number(t) : null;
}

/**
 * The captcha the sign-up form shows, when the provider and both keys are set (the site key is public),
 * with the widget script it loads (CAPTCHA_SCRIPT_URL or the provider's own; the page policy allows
 * that script's origin then, lib/api/csp.ts).
 */
export function captchaConfig(): { provider: CaptchaProvider; siteKey: string; scriptUrl: string } | null {
  const e = env();
  const provider = captchaProvider(e);
  if (!provider) return null;
  return { provider, siteKey: e.CAPTCHA_SITE_KEY!, scriptUrl: captchaScriptUrl(e, provider) };
}

async function captchaPasses(token: string, ip: string): Promise<boolean> {
  const e = env();
  const url = captchaVerifyUrl(e, captchaProvider(e)!);
  const body = new URLSearchParams({ secret: e.CAPTCHA_SECRET_KEY!, response: token });
  if (ip !== "unknown") body.set("remoteip", ip);
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body,
      signal: AbortSignal.timeout(5_000),
    });
    const json = (await res.json()) as { success?: unknown };
    return res.ok && json.success === true;
  } catch {
    return false;
  }
}

function refused(m: Msg, field: string | undefined, rule: string): AppError {
  return new AppError("signup_refused", m, {
    field,
    issues: field ? [{ path: [field], message: msgText(m), msg: m }] : undefined,
    details: { rule },
  });
}

/**
 * Before anything else in POST /api/auth/register: throws 403 `signup_refused` (its `rule` and, where
 * the member can fix it, `field`) or `ip_blocked`. The sign-up form always sends `formToken` and the
 * hidden `website`; an API client sends neither and meets the other screens only.
 */
export async function screenSignUp(input: {
  email: string;
  username: string;
  ip: string;
  website?: string;
  formToken?: string;
  captchaToken?: string;
}): Promise<void> {
  const log = (rule: string, detail?: Record<string, unknown>) =>
    recordSpamEvent(db, {
      userId: null,
      kind: "signup_refused",
      rule,
      detail: { email: input.email, username: input.username, ...detail },
      ip: input.ip,
    });
  if (input.website) {
    await log("honeypot");
    throw refused(msg("spamSignupRefused"), undefined, "honeypot");
  }
  const ipAction = await screenedIpAction(input.ip);
  if (ipAction === "BLOCK") {
    await log("ip");
    throw new AppError("ip_blocked", msg("spamIpBlocked"), { details: { rule: "ip" } });
  }
  const s = await readSettings();
  if (input.formToken !== undefined && s.signupMinFillSeconds > 0) {
    const shown = tokenTime(input.formToken);
    if (shown === null || Date.now() - shown < s.signupMinFillSeconds * 1000) {
      await log("fill_time");
      throw refused(msg("spamSignupTooFast"), undefined, "fill_time");
    }
  }
  if (captchaConfig()) {
    if (!input.captchaToken) throw refused(msg("spamCaptchaRequired"), "captchaToken", "captcha");
    if (!(await captchaPasses(input.captchaToken, input.ip))) {
      await log("captcha");
      throw refused(msg("spamCaptchaFailed"), "captchaToken", "captcha");
    }
  }
  const domain = input.email.split("@").pop()!.toLowerCase();
  const screened = await screenedEmailDomains();
  // A subdomain counts as its domain: mail.spam.example is refused by spam.example.
  const parts = domain.split(".");
  let action: "BLOCK" | "ALLOW" | undefined;
  for (let i = 0; i < parts.length - 1 && !action; i++) action = screened.get(parts.slice(i).join("."));
  if (action === "BLOCK") {
    await log("email_domain", { domain });
    throw refused(msg("spamEmailDomainBlocked", { domain }), "email", "email_domain");
  }
  if (action !== "ALLOW" && s.blockDisposableEmails && DISPOSABLE.has(domain)) {
    await log("disposable", { domain });
    throw refused(msg("spamDisposableEmail", { domain }), "email", "disposable");
  }
  if (ipAction !== "ALLOW") {
    const hit = (await watchedWordMatcher()).strongest(input.username);
    if (hit && hit.action !== "CENSOR" && hit.action !== "FLAG") {
      await log("watched_word", { word: hit.word });
      const m = msg("spamWatchedWord", { word: hit.word });
      throw new AppError("watched_word", m, {
        field: "username",
        issues: [{ path: ["username"], message: msgText(m), msg: m }],
        details: { word: hit.word, rule: "watched_word" },
      });
    }
  }
}

/** After a sign-up: its address, for "Delete spammer" and the member's admin page. */
export async function recordSignUp(userId: number, ip: string): Promise<void> {
  await recordSpamEvent(db, { userId, kind: "signup", rule: "ok", ip: ip === "unknown" ? null : ip });
}

/** What the sign-up page gives its form: the signed start time, the minimum fill time, the captcha. */
export async function signUpFormScreen(): Promise<{
  formToken: string;
  shownAt: number;
  minFillMs: number;
  captcha: ReturnType<typeof captchaConfig>;
}> {
  const now = Date.now();
  return {
    formToken: signUpFormToken(now),
    shownAt: now,
    minFillMs: (await readSettings()).signupMinFillSeconds * 1000,
    captcha: captchaConfig(),
  };
}
