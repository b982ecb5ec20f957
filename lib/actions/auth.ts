"use server";

import { AuthError, CredentialsSignin } from "next-auth";
import { oauthProviders, signIn, signOut } from "@/lib/auth";
import { safeLocalPath } from "@/lib/safe-path";

/** `code` names the error for the form to say in the page's language (`error` is the English text). */
export type SignInState = { error: string | null; username: string; code?: "missing" | "rate_limited" | "wrong" };

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
    if (err instanceof CredentialsSignin && err.code === "rate_limited") {
      return { error: "Too many failed sign-ins. Wait a few minutes, then try again.", username, code: "rate_limited" };
    }
    if (err instanceof AuthError) return { error: "Wrong username or password.", username, code: "wrong" };
    // Anything else is Next's redirect after a successful sign-in.
    throw err;
  }
  return { error: null, username };
}

/** Starts a GitHub or Google sign-in, when that provider is configured. */
export async function signInWithProvider(formData: FormData): Promise<void> {
  const provider = String(formData.get("provider") ?? "");
  if (provider !== "github" && provider !== "google") return;
  if (!oauthProviders[provider]) return;
  await signIn(provider, { redirectTo: safeRedirect(formData.get("callbackUrl")) });
}

export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: "/" });
}
