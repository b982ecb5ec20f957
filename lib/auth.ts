import NextAuth, { CredentialsSignin, type NextAuthConfig } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import GitHub from "next-auth/providers/github";
import { cookies } from "next/headers";
import Google from "next-auth/providers/google";
import { AppError } from "@/lib/errors";
import { clientIp } from "@/lib/api/client-ip";
import { authSecret } from "@/lib/auth-secret";
import { attemptLogin } from "@/lib/services/auth/login-attempts";
import { findOrCreateOAuthUser } from "@/lib/services/auth/oauth-users";
import { createBrowserSession, revokeBrowserSessionBySecret } from "@/lib/services/auth/sessions";
import { savedLocale } from "@/lib/services/users/locale";
import { LANG_COOKIE, LANG_COOKIE_MAX_AGE } from "@/lib/i18n/locale";
import { isStorableText } from "@/lib/validation/text";

export const oauthProviders = {
  github: !!(process.env.AUTH_GITHUB_ID && process.env.AUTH_GITHUB_SECRET),
  google: !!(process.env.AUTH_GOOGLE_ID && process.env.AUTH_GOOGLE_SECRET),
};

/** Refused before the password is checked: too many failed attempts (the sign-in form shows why). */
class RateLimitedSignin extends CredentialsSignin {
  code = "rate_limited";
}

function config(): NextAuthConfig {
  return {
    secret: authSecret(),
    trustHost: true,
    session: { strategy: "jwt", maxAge: 30 * 24 * 3600 },
    pages: { signIn: "/login" },
    providers: [
      Credentials({
        credentials: { username: { label: "Username or email" }, password: { label: "Password", type: "password" } },
        async authorize(creds, request) {
          const username = typeof creds?.username === "string" ? creds.username : "";
          const password = typeof creds?.password === "string" ? creds.password : "";
          // A name with a NUL or an unpaired surrogate names no account (and Postgres cannot compare it).
          if (!username || !password || !isStorableText(username)) return null;
          const ip = clientIp(request.headers);
          try {
            const user = await attemptLogin({ identifier: username, password, ip });
            const session = await createBrowserSession({ userId: user.id, userAgent: request.headers.get("user-agent") ?? "", ip });
            return { id: String(user.id), name: user.username, email: user.email, sid: session.secret };
          } catch (err) {
            if (err instanceof AppError && err.code === "rate_limited") throw new RateLimitedSignin();
            if (err instanceof AppError && err.code === "unauthorized") return null;
            throw err;
          }
        },
      }),
      ...(oauthProviders.github ? [GitHub] : []),
      ...(oauthProviders.google ? [Google] : []),
    ],
    events: {
      // Sign-out ends the server-side session, so a copy of the cookie stops working too.
      async signOut(message) {
        const sid = "token" in message ? message.token?.sid : undefined;
        if (typeof sid === "string") await revokeBrowserSessionBySecret(sid);
      },
    },
    callbacks: {
      async jwt({ token, user, account }) {
        if (user && account) {
          if (account.provider === "credentials") {
            token.uid = Number(user.id);
            token.sid = (user as { sid?: string }).sid;
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
