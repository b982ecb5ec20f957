"use client";

import { browserSupportsWebAuthn, WebAuthnError } from "@simplewebauthn/browser";
import { Fingerprint } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field";
import { signInWithPasskey } from "@/lib/actions/auth";
import { ApiClientError } from "@/lib/client/api-client";
import { passkeysApi } from "@/lib/client/passkeys-api";

type Failure = "cancelled" | "refused" | "rate_limited" | "unsupported";

/**
 * "Sign in with a passkey" below the password form: usernameless (the device offers this site's
 * passkeys), or narrowed to the username typed above. The answer goes to Auth.js like a password would.
 */
export function PasskeySignIn({ callbackUrl }: { callbackUrl: string }) {
  const t = useTranslations("Passkeys");
  const [failure, setFailure] = useState<Failure | null>(null);
  const [pending, startTransition] = useTransition();

  const signIn = () => {
    setFailure(null);
    if (!browserSupportsWebAuthn()) return setFailure("unsupported");
    const username = (document.getElementById("login-username") as HTMLInputElement | null)?.value ?? "";
    startTransition(async () => {
      let response: string;
      try {
        response = JSON.stringify(await passkeysApi.assert(username));
      } catch (err) {
        if (err instanceof ApiClientError) return setFailure(err.status === 429 ? "rate_limited" : "refused");
        if (err instanceof WebAuthnError || (err instanceof Error && err.name === "NotAllowedError")) return setFailure("cancelled");
        return setFailure("refused");
      }
      const r = await signInWithPasskey(response, callbackUrl);
      setFailure(r.code);
    });
  };

  return (
    <div className="mt-4 space-y-2 border-t border-zinc-200 pt-4 dark:border-zinc-800">
      <Button
        type="button"
        variant="secondary"
        className="w-full"
        onClick={signIn}
        disabled={pending}
        aria-describedby="passkey-sign-in-hint"
      >
        <Fingerprint aria-hidden className="size-4" />
        {pending ? t("signInWaiting") : t("signIn")}
      </Button>
      <p id="passkey-sign-in-hint" className="text-xs text-zinc-600 dark:text-zinc-400">
        {t("signInHint")}
      </p>
      <FieldError id="passkey-sign-in-error" message={failure ? t(`signInError.${failure}`) : null} />
    </div>
  );
}
