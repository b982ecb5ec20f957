import "server-only";
import { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import type { OIDCConfig } from "next-auth/providers";
import { cookies } from "next/headers";
import { AppError, type ErrorCode } from "@/lib/errors";
import { env } from "@/lib/env";
import { clientIp } from "@/lib/api/client-ip";
import { safeLocalPath } from "@/lib/safe-path";
import { beginOidcSignIn, completeOidcSignUp } from "@/lib/services/auth/oauth-users";
import { createBrowserSession } from "@/lib/services/auth/sessions";
import { userById } from "@/lib/services/auth/login-attempts";
import { externalProviders } from "@/lib/services/shared/sso-providers";

/**
 * Any OpenID Connect provider (issue 60, docs/accounts.md) for lib/auth.ts: the Auth.js provider, its
 * `signIn` step (link by verified email, or a new member who chooses a username next) and the
 * Credentials provider that finishes that sign-up from /login/choose-username.
 */

/** The Auth.js provider id: the callback is `${PUBLIC_URL}/api/auth/callback/oidc`. */
export const OIDC_PROVIDER_ID = "oidc";
/** The httpOnly cookie that carries a first sign-in's ticket to /login/choose-username. */
export const SIGNUP_COOKIE = "oidc-signup";
/** Finishes a first OpenID sign-in with the chosen username (lib/actions/oidc.ts). */
export const OIDC_SIGNUP_PROVIDER_ID = "oidc-signup";

export const oidcConfigured = (): boolean => externalProviders().oidc;
/** The button's words: "Sign in with <label>". */
export const oidcLabel = (): string => env().OIDC_LABEL;

type Claims = Record<string, unknown>;
const text = (v: unknown) => (typeof v === "string" ? v : "");

/** The provider from OIDC_ISSUER (discovery), with PKCE and state; the claims come from its userinfo endpoint. */
export function oidcProvider(): OIDCConfig<Claims> {
  const e = env();
  return {
    id: OIDC_PROVIDER_ID,
    name: e.OIDC_LABEL,
    type: "oidc",
    issuer: e.OIDC_ISSUER,
    clientId: e.OIDC_CLIENT_ID,
    clientSecret: e.OIDC_CLIENT_SECRET,
    checks: ["pkce", "state"],
    authorization: { params: { scope: "openid email profile" } },
    // Providers differ in what the ID token carries (some keep email and profile for userinfo): ask
    // userinfo, whose `sub` oauth4webapi checks against the ID token's.
    idToken: false,
    profile: (p) => ({
      id: text(p.sub),
      name: text(p.name) || text(p.preferred_username) || null,
      email: text(p.email) || null,
      image: null,
    }),
  };
}

/** The refusals of beginOidcSignIn, as the login page's `?error=` (its texts: Auth.oauthError.<code>). */
const LOGIN_ERRORS: Partial<Record<ErrorCode, string>> = {
  forbidden: "oidc_email_unverified",
  bad_request: "oidc_no_email",
  validation_failed: "oidc_no_email",
  suspended: "suspended",
  registration_closed: "registration_closed",
};

/** Where the sign-in was going: Auth.js keeps it in its callback-url cookie (an absolute URL). */
async function callbackPath(): Promise<string> {
  const jar = await cookies();
  const raw = jar.get("__Secure-authjs.callback-url")?.value ?? jar.get("authjs.callback-url")?.value;
  if (!raw) return "/";
  try {
    const u = new URL(raw, "http://forum.invalid");
    return safeLocalPath(`${u.pathname}${u.search}`);
  } catch {
    return "/";
  }
}

/**
 * Auth.js `signIn` callback for the OpenID provider: true with the member's id put on `user.uid` (the
 * `jwt` callback reads it), a redirect to /login/choose-username for a new member, or back to /login
 * with the refusal's code.
 */
export async function oidcSignIn(user: { uid?: number }, profile: Claims | undefined): Promise<true | string> {
  const p = profile ?? {};
  try {
    const outcome = await beginOidcSignIn({
      provider: OIDC_PROVIDER_ID,
      issuer: env().OIDC_ISSUER ?? "",
      subject: text(p.sub),
      email: text(p.email),
      // Some providers send the claim as a string.
      emailVerified: p.email_verified === true || p.email_verified === "true",
      name: text(p.name),
      preferredUsername: text(p.preferred_username),
      image: text(p.picture),
      callbackUrl: await callbackPath(),
    });
    if ("userId" in outcome) {
      user.uid = outcome.userId;
      return true;
    }
    const secure = (env().PUBLIC_URL ?? "").startsWith("https://");
    (await cookies()).set(SIGNUP_COOKIE, outcome.chooseUsername.ticket, {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      maxAge: 15 * 60,
      secure,
    });
    return "/login/choose-username";
  } catch (err) {
    if (err instanceof AppError) return `/login?error=${LOGIN_ERRORS[err.code] ?? "AccessDenied"}`;
    throw err;
  }
}

/** A refused choice on /login/choose-username (`code` names it for the form). */
export class ChooseUsernameSignin extends CredentialsSignin {
  constructor(code: "username_rule" | "username_taken" | "email_taken" | "registration_closed" | "expired") {
    super();
    this.code = code;
  }
}

/** The Credentials provider behind /login/choose-username: the ticket (from its cookie) and the chosen name. */
export const oidcSignUpProvider = Credentials({
  id: OIDC_SIGNUP_PROVIDER_ID,
  credentials: { ticket: {}, username: {} },
  async authorize(creds, request) {
    const ticket = text(creds?.ticket);
    const username = text(creds?.username);
    if (!ticket) throw new ChooseUsernameSignin("expired");
    let userId: number;
    try {
      ({ userId } = await completeOidcSignUp({ ticket, username }));
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (err.code === "validation_failed") throw new ChooseUsernameSignin("username_rule");
      if (err.code === "conflict") throw new ChooseUsernameSignin(err.field === "username" ? "username_taken" : "email_taken");
      if (err.code === "registration_closed") throw new ChooseUsernameSignin("registration_closed");
      throw new ChooseUsernameSignin("expired");
    }
    const user = await userById(userId);
    const session = await createBrowserSession({
      userId,
      userAgent: request.headers.get("user-agent") ?? "",
      ip: clientIp(request.headers),
    });
    return { id: String(user.id), name: user.username, email: user.email, sid: session.secret };
  },
});
