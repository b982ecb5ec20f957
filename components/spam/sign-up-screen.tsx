"use client";

import Script from "next/script";
import { useRef } from "react";
import { useTranslations } from "next-intl";
import { FieldError } from "@/components/ui/field";

/** What the sign-up page hands its form (lib/services/spam/signup.ts signUpFormScreen). */
export type SignUpFormScreen = {
  formToken: string;
  shownAt: number;
  minFillMs: number;
  captcha: { provider: "turnstile" | "hcaptcha"; siteKey: string; scriptUrl: string } | null;
};

/** What Turnstile's and hCaptcha's scripts both offer on `window.turnstile` / `window.hcaptcha` (explicit rendering). */
type CaptchaApi = { render(el: HTMLElement, opts: { sitekey: string }): unknown; reset?(id?: unknown): void };
const captchaApi = (provider: string) => (window as unknown as Record<string, CaptchaApi | undefined>)[provider];

/** A new challenge after a refused sign-up: a captcha answer is good for one verification only. */
export function resetCaptcha(s: SignUpFormScreen): void {
  if (s.captcha) captchaApi(s.captcha.provider)?.reset?.();
}

/** Waits until the form has been shown for the minimum fill time (a person is rarely that quick). */
export async function waitOutFillTime(s: SignUpFormScreen): Promise<void> {
  const left = s.shownAt + s.minFillMs + 250 - Date.now();
  if (left > 0) await new Promise((r) => setTimeout(r, left));
}

/** The screen's fields of POST /api/auth/register, read from the form. */
export function signUpScreenFields(form: FormData, s: SignUpFormScreen) {
  const captcha = s.captcha
    ? String(form.get(s.captcha.provider === "turnstile" ? "cf-turnstile-response" : "h-captcha-response") ?? "")
    : "";
  return { website: String(form.get("website") ?? ""), formToken: s.formToken, ...(captcha ? { captchaToken: captcha } : {}) };
}

/**
 * The honeypot (off screen, out of the tab order and hidden from screen readers: only a bot fills it)
 * and, when keys are set, the captcha widget.
 */
export function SignUpScreenFields({ screen, error }: { screen: SignUpFormScreen; error?: string }) {
  const t = useTranslations("Spam");
  return (
    <>
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden" data-testid="honeypot">
        <label>
          {t("honeypot")}
          <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      {screen.captcha ? <CaptchaWidget captcha={screen.captcha} label={t("captcha")} error={error} /> : null}
    </>
  );
}

/**
 * The provider's widget, rendered explicitly into its box once the script is there (`onReady` runs on
 * load and on every later mount, so a return to the page renders it again). The widget puts its answer
 * in the form itself (`cf-turnstile-response` / `h-captcha-response`), which signUpScreenFields reads.
 */
function CaptchaWidget({ captcha, label, error }: { captcha: NonNullable<SignUpFormScreen["captcha"]>; label: string; error?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const render = () => {
    const api = captchaApi(captcha.provider);
    const el = box.current;
    if (!api || !el || el.dataset.rendered) return;
    el.dataset.rendered = "1";
    api.render(el, { sitekey: captcha.siteKey });
  };
  return (
    <div className="space-y-1">
      <Script src={captcha.scriptUrl} strategy="afterInteractive" onReady={render} />
      <div ref={box} role="group" aria-label={label} aria-describedby={error ? "reg-captcha" : undefined} data-testid="captcha" />
      <FieldError id="reg-captcha" message={error ?? null} />
    </div>
  );
}
