"use server";

import { AuthError, CredentialsSignin } from "next-auth";
import { oauthProviders, signIn, signOut, TwoFactorSignin } from "@/lib/auth";
import { safeLocalPath } from "@/lib/safe-path";

/** `code` names the error for the form to say in the page's language (`error` is the English text). */
export type SignInState = {
  error: string | null;
  username: string;
  code?: "missing" | "rate_limited" | "wrong" | "two_factor_invalid" | "ticket_expired" | "sso_only";
  /** Two-factor sign-in: the password was right; the form asks for a code and sends this ticket with it. */
  ticket?: string;
};

/** Only a path on this site (lib/safe-path.ts): no open redirect after sign-in. */
const safeRedirect = (value: FormDataEntryValue | null): string => safeLocalPath(value);

/**
 * Browser sign-in with a username (or email) and password through Auth.js. The password check and the
 * failed-attempt limits are those of `authorize()` (lib/services/auth/login-attempts.ts), so a wrong password
 * counts once. Redirects on success; returns the error otherwise.
 */
export async function signInWithPassword(_prev: SignInState | undefined, formData: FormData): Promise<SignInState> {
  const username = String(formData.get("username") ?? "").trim();
  const password = String(formData.get("password") ?? "");
  if (!username || !password) return { error: "Enter your username (or email) and your password.", username, code: "missing" };
  try {
    await signIn("credentials", { username, password, redirectTo: safeRedirect(formData.get("callbackUrl")) });
  } catch (err) {
    if (err instanceof TwoFactorSignin) return { error: null, username, ticket: err.ticket };
    if (err instanceof CredentialsSignin && err.code === "rate_limited") {
      return { error: "Too many failed sign-ins. Wait a few minutes, then try again.", username, code: "rate_limited" };
    }
    if (err instanceof CredentialsSignin && err.code === "sso_only") {
      return { error: "Password sign-in is turned off on this forum: use the single sign-on button.", username, code: "sso_only" };
    }
    if (err instanceof AuthError) return { error: "Wrong username or password.", username, code: "wrong" };
    // Anything else is Next's redirect after a successful sign-in.
    throw err;
  }
  return { error: null, username };
}

/**
 * The second step of a browser sign-in with two-factor sign-in on: the code (or a recovery code) with
 * the ticket the first step answered. A wrong code keeps the ticket for another try (limited like
 * passwords); an expired or used ticket sends the member back to the password.
 */
export async function signInWithCode(_prev: SignInState | undefined, formData: FormData): Promise<SignInState> {
  const username = String(formData.get("username") ?? "");
  const ticket = String(formData.get("ticket") ?? "");
  const otp = String(formData.get("otp") ?? "").trim();
  if (!otp) return { error: "Enter the code.", username, ticket, code: "two_factor_invalid" };
  try {
    await signIn("credentials", { ticket, otp, redirectTo: safeRedirect(formData.get("callbackUrl")) });
  } catch (err) {
    if (err instanceof CredentialsSignin && err.code === "rate_limited") {
      return { error: "Too many failed sign-ins. Wait a few minutes, then try again.", username, ticket, code: "rate_limited" };
    }
    if (err instanceof CredentialsSignin && err.code === "two_factor_invalid") {
      return { error: "That code is wrong, out of date or used already.", username, ticket, code: "two_factor_invalid" };
    }
    if (err instanceof AuthError) return { error: "Sign in again.", username, code: "ticket_expired" };
    throw err;
  }
  return { error: null, username };
}

/** Starts a GitHub, Google or OpenID Connect sign-in, when that provider is configured. */
export async function signInWithProvider(formData: FormData): Promise<void> {
  const provider = String(formData.get("provider") ?? "");
  if (provider !== "github" && provider !== "google" && provider !== "oidc") return;
  if (!oauthProviders[provider]) return;
  await signIn(provider, { redirectTo: safeRedirect(formData.get("callbackUrl")) });
}

export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: "/" });
}

/** The sign-in form's one action: the code step when the form carries a ticket, else the password step. */
export async function signInStep(prev: SignInState | undefined, formData: FormData): Promise<SignInState> {
  return formData.get("ticket") ? signInWithCode(prev, formData) : signInWithPassword(prev, formData);
}

/**
 * Browser sign-in with a passkey: the WebAuthn answer (JSON, from @simplewebauthn/browser) checked by
 * `authorize()` (lib/services/auth/passkeys.ts) instead of a password; no code is asked, the passkey is
 * the second factor. Redirects on success; returns why not otherwise.
 */
export async function signInWithPasskey(response: string, callbackUrl: string): Promise<{ code: "refused" | "rate_limited" }> {
  if (typeof response !== "string" || response.length > 64 * 1024) return { code: "refused" };
  try {
    await signIn("credentials", { passkey: response, redirectTo: safeRedirect(callbackUrl) });
  } catch (err) {
    if (err instanceof CredentialsSignin && err.code === "rate_limited") return { code: "rate_limited" };
    if (err instanceof AuthError) return { code: "refused" };
    throw err;
  }
  return { code: "refused" };
}
