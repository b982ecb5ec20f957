"use server";

import { AuthError } from "next-auth";
import { headers } from "next/headers";
import { ApiError } from "@/lib/api/errors";
import { oauthProviders, signIn, signOut } from "@/lib/auth";
import { assertLoginAllowed, clientIp, recordFailedLogin, recordSuccessfulLogin } from "@/lib/services/users";

export type SignInState = { error: string | null; username: string };

/** Only a path on this site: never `//host` or an absolute URL (no open redirect after sign-in). */
function safeRedirect(value: FormDataEntryValue | null): string {
  const v = typeof value === "string" ? value : "";
  return v.startsWith("/") && !v.startsWith("//") && !v.startsWith("/\\") ? v : "/";
}

/**
 * Browser sign-in with a username (or email) and password through Auth.js, under the same
 * failed-attempt limits as POST /api/auth/login. Redirects on success; returns the error otherwise.
 */
export async function signInWithPassword(_prev: SignInState | undefined, formData: FormData): Promise<SignInState> {
  const username = String(formData.get("username") ?? "").trim();
  const password = String(formData.get("password") ?? "");
  if (!username || !password) return { error: "Enter your username (or email) and your password.", username };
  const ip = clientIp(await headers());
  try {
    await assertLoginAllowed(ip, username);
  } catch (err) {
    if (err instanceof ApiError) return { error: err.message, username };
    throw err;
  }
  try {
    await signIn("credentials", { username, password, redirectTo: safeRedirect(formData.get("callbackUrl")) });
  } catch (err) {
    if (err instanceof AuthError) {
      await recordFailedLogin(ip, username);
      return { error: "Wrong username or password.", username };
    }
    // Anything else is Next's redirect after a successful sign-in.
    await recordSuccessfulLogin(username).catch(() => {});
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
