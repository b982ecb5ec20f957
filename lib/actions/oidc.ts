"use server";

import { AuthError, CredentialsSignin } from "next-auth";
import { cookies } from "next/headers";
import { signIn } from "@/lib/auth";
import { OIDC_SIGNUP_PROVIDER_ID, SIGNUP_COOKIE } from "@/lib/auth-oidc";
import { safeLocalPath } from "@/lib/safe-path";
import { getPendingSignUp } from "@/lib/services/auth/oauth-users";

export type ChooseUsernameState = {
  username: string;
  code?: "username_rule" | "username_taken" | "email_taken" | "registration_closed" | "expired";
};

const CODES = new Set<ChooseUsernameState["code"]>(["username_rule", "username_taken", "email_taken", "registration_closed", "expired"]);

/**
 * /login/choose-username: the chosen username finishes a first sign-in through the OpenID provider
 * (the `oidc-signup` Credentials provider of lib/auth-oidc.ts makes the member and the session).
 * Redirects where the sign-in was going; a refused name returns its code and keeps the ticket.
 */
export async function chooseUsername(_prev: ChooseUsernameState | undefined, formData: FormData): Promise<ChooseUsernameState> {
  const username = String(formData.get("username") ?? "").trim();
  const jar = await cookies();
  const ticket = jar.get(SIGNUP_COOKIE)?.value ?? "";
  const pending = await getPendingSignUp(ticket);
  if (!pending) return { username, code: "expired" };
  try {
    await signIn(OIDC_SIGNUP_PROVIDER_ID, { ticket, username, redirectTo: safeLocalPath(pending.callbackUrl) });
  } catch (err) {
    if (err instanceof CredentialsSignin) {
      const code = CODES.has(err.code as ChooseUsernameState["code"]) ? (err.code as ChooseUsernameState["code"]) : "expired";
      return { username, code };
    }
    if (err instanceof AuthError) return { username, code: "expired" };
    // Next's redirect after the sign-in: the ticket is used up.
    jar.delete(SIGNUP_COOKIE);
    throw err;
  }
  return { username };
}
