import NextAuth, { CredentialsSignin, type NextAuthConfig } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import GitHub from "next-auth/providers/github";
import { cookies } from "next/headers";
import Google from "next-auth/providers/google";
import { AppError } from "@/lib/errors";
import { clientIp } from "@/lib/api/client-ip";
import { authSecret } from "@/lib/auth-secret";
import { attemptLogin, userById } from "@/lib/services/auth/login-attempts";
import { checkSecondFactor, createSignInTicket, hasTwoFactor, redeemSignInTicket } from "@/lib/services/auth/two-factor";
import { verifyPasskeySignInJson } from "@/lib/services/auth/passkeys";
import { findOrCreateOAuthUser } from "@/lib/services/auth/oauth-users";
import { createBrowserSession, revokeBrowserSessionBySecret } from "@/lib/services/auth/sessions";
import { savedLocale } from "@/lib/services/users/locale";
import { LANG_COOKIE, LANG_COOKIE_MAX_AGE } from "@/lib/i18n/locale";
import { isStorableText } from "@/lib/validation/text";
import type { UserRole } from "@/db/schema";
import { assertPasswordSignIn } from "@/lib/services/auth/sso";
import { OIDC_PROVIDER_ID, OIDC_SIGNUP_PROVIDER_ID, oidcConfigured, oidcProvider, oidcSignIn, oidcSignUpProvider } from "@/lib/auth-oidc";
import { setting } from "@/lib/env";

export const oauthProviders = {
  github: !!(setting("AUTH_GITHUB_ID") && setting("AUTH_GITHUB_SECRET")),
  google: !!(setting("AUTH_GOOGLE_ID") && setting("AUTH_GOOGLE_SECRET")),
  oidc: oidcConfigured(),
};

/** Refused before the password is checked: too many failed attempts (the sign-in form shows why). */
class RateLimitedSignin extends CredentialsSignin {
  code = "rate_limited";
}

/**
 * The password was right and the member has two-factor sign-in: the form asks for a code next and
 * sends `ticket` with it (lib/actions/auth.ts reads it off this error; the password is not sent again).
 */
export class TwoFactorSignin extends CredentialsSignin {
  code = "two_factor_required";
  constructor(readonly ticket: string) {
    super();
  }
}

/** SSO-only sign-in is on (docs/accounts.md) and the member is not an admin. */
class SsoOnlySignin extends CredentialsSignin {
  code = "sso_only";
}

/** The code sent for the second step was wrong, used already or out of date. */
class TwoFactorInvalidSignin extends CredentialsSignin {
  code = "two_factor_invalid";
}

function config(): NextAuthConfig {
  return {
    secret: authSecret(),
    trustHost: true,
    session: { strategy: "jwt", maxAge: 30 * 24 * 3600 },
    pages: { signIn: "/login" },
    providers: [
      Credentials({
        credentials: {
          username: { label: "Username or email" },
          password: { label: "Password", type: "password" },
          // Two-factor sign-in (issue 60): the code, with the password or with the ticket of a right password.
          otp: { label: "Code" },
          ticket: {},
          // A passkey (issue 60): the browser's WebAuthn answer as JSON, instead of a password.
          passkey: {},
        },
        async authorize(creds, request) {
          const text = (v: unknown) => (typeof v === "string" ? v : "");
          const username = text(creds?.username);
          const password = text(creds?.password);
          const otp = text(creds?.otp).trim();
          const ticket = text(creds?.ticket);
          const passkey = text(creds?.passkey);
          const ip = clientIp(request.headers);
          try {
            let user: { id: number; username: string; email: string; role: UserRole };
            if (passkey) {
              // A passkey is a second factor of its own: no code is asked (lib/services/auth/passkeys.ts).
              user = await userById(await verifyPasskeySignInJson({ json: passkey, ip }));
            } else if (ticket) {
              if (!otp) return null;
              user = await userById(await redeemSignInTicket({ ticket, code: otp, ip }));
            } else {
              // A name with a NUL or an unpaired surrogate names no account (and Postgres cannot compare it).
              if (!username || !password || !isStorableText(username)) return null;
              user = await attemptLogin({ identifier: username, password, ip });
              await assertPasswordSignIn(user);
              if (await hasTwoFactor(user.id)) {
                if (!otp) throw new TwoFactorSignin(await createSignInTicket(user.id));
                await checkSecondFactor({ userId: user.id, code: otp, ip });
              }
            }
            const session = await createBrowserSession({ userId: user.id, userAgent: request.headers.get("user-agent") ?? "", ip });
            return { id: String(user.id), name: user.username, email: user.email, sid: session.secret };
          } catch (err) {
            if (err instanceof AppError && err.code === "rate_limited") throw new RateLimitedSignin();
            if (err instanceof AppError && err.code === "two_factor_invalid") throw new TwoFactorInvalidSignin();
            if (err instanceof AppError && err.code === "sso_only") throw new SsoOnlySignin();
            if (err instanceof AppError && err.code === "unauthorized") return null;
            throw err;
          }
        },
      }),
      ...(oauthProviders.github ? [GitHub] : []),
      ...(oauthProviders.google ? [Google] : []),
      ...(oauthProviders.oidc ? [oidcProvider(), oidcSignUpProvider] : []),
    ],
    events: {
      // Sign-out ends the server-side session, so a copy of the cookie stops working too.
      async signOut(message) {
        const sid = "token" in message ? message.token?.sid : undefined;
        if (typeof sid === "string") await revokeBrowserSessionBySecret(sid);
      },
    },
    callbacks: {
      // The OpenID provider's first step: link, refuse, or send a new member to choose a username.
      signIn: ({ user, account, profile }) =>
        account?.provider === OIDC_PROVIDER_ID ? oidcSignIn(user as { uid?: number }, profile) : true,
      async jwt({ token, user, account }) {
        if (user && account) {
          if (account.provider === "credentials" || account.provider === OIDC_SIGNUP_PROVIDER_ID) {
            token.uid = Number(user.id);
            token.sid = (user as { sid?: string }).sid;
          } else if (account.provider === OIDC_PROVIDER_ID) {
            token.uid = (user as { uid?: number }).uid;
            token.sid = (await createBrowserSession({ userId: token.uid as number, userAgent: `${account.provider} sign-in` })).secret;
          } else {
            token.uid = await findOrCreateOAuthUser({ email: user.email ?? "", name: user.name ?? "", image: user.image ?? "" });
            token.sid = (await createBrowserSession({ userId: token.uid as number, userAgent: `${account.provider} sign-in` })).secret;
          }
          // The member's saved language (Settings) becomes the `lang` cookie, so this browser renders in it.
          const locale = await savedLocale(token.uid as number);
          if (locale) (await cookies()).set(LANG_COOKIE, locale, { maxAge: LANG_COOKIE_MAX_AGE, path: "/", sameSite: "lax" });
        }
        return token;
      },
      session({ session, token }) {
        if (token.uid) (session.user as { id?: string }).id = String(token.uid);
        return session;
      },
    },
  };
}

export const { handlers, auth, signIn, signOut } = NextAuth(() => config());
