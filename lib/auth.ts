import NextAuth, { type NextAuthConfig } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import GitHub from "next-auth/providers/github";
import Google from "next-auth/providers/google";
import { eq, or, sql } from "drizzle-orm";
import { db } from "@/db";
import { users } from "@/db/schema";
import { authSecret } from "@/lib/auth-secret";
import { verifyPassword } from "@/lib/services/passwords";
import { findOrCreateOAuthUser } from "@/lib/services/oauth-users";

export const oauthProviders = {
  github: !!(process.env.AUTH_GITHUB_ID && process.env.AUTH_GITHUB_SECRET),
  google: !!(process.env.AUTH_GOOGLE_ID && process.env.AUTH_GOOGLE_SECRET),
};

/** Checks a username-or-email and password; used by Auth.js and by POST /api/auth/login. */
export async function checkCredentials(identifier: string, password: string) {
  const id = identifier.trim().toLowerCase();
  const [user] = await db
    .select()
    .from(users)
    .where(or(eq(sql`lower(${users.username})`, id), eq(sql`lower(${users.email})`, id)))
    .limit(1);
  if (!user || !(await verifyPassword(password, user.passwordHash))) return null;
  return user;
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
          if (!username || !password) return null;
          // The same failed-login limits as POST /api/auth/login (loaded lazily: users.ts imports this file).
          const { assertLoginAllowed, clientIp, recordFailedLogin, recordSuccessfulLogin } = await import("@/lib/services/users");
          const ip = clientIp(request.headers);
          try {
            await assertLoginAllowed(ip, username);
          } catch {
            return null;
          }
          const user = await checkCredentials(username, password);
          if (!user) {
            await recordFailedLogin(ip, username);
            return null;
          }
          await recordSuccessfulLogin(username);
          return { id: String(user.id), name: user.username, email: user.email };
        },
      }),
      ...(oauthProviders.github ? [GitHub] : []),
      ...(oauthProviders.google ? [Google] : []),
    ],
    callbacks: {
      async jwt({ token, user, account }) {
        if (user && account) {
          if (account.provider === "credentials") token.uid = Number(user.id);
          else token.uid = await findOrCreateOAuthUser({ email: user.email ?? "", name: user.name ?? "", image: user.image ?? "" });
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
