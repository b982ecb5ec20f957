import { decode } from "next-auth/jwt";
import { eq } from "drizzle-orm";
import { db } from "@/db";
import { users, type TokenScope, type UserRole } from "@/db/schema";
import { ApiError, unauthorized } from "@/lib/api/errors";
import { authSecret } from "@/lib/auth-secret";
import { verifyToken } from "@/lib/services/tokens";

/** The current user, from a bearer token or the Auth.js session cookie. */
export type Viewer = {
  id: number;
  username: string;
  role: UserRole;
  scopes: TokenScope[];
  via: "token" | "session";
};

export const SESSION_COOKIES = ["__Secure-authjs.session-token", "authjs.session-token"] as const;

function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(/;\s*/)) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq) === name) return decodeURIComponent(part.slice(eq + 1));
  }
  return undefined;
}

/**
 * Resolves the caller. A present but invalid bearer token is a 401 on every endpoint, public ones
 * included; a missing or unreadable session cookie just means an anonymous caller.
 */
export async function resolveViewer(req: Request): Promise<Viewer | null> {
  const authz = req.headers.get("authorization");
  if (authz) {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(authz);
    if (!m) throw unauthorized("Invalid or expired token");
    const t = await verifyToken(m[1]!);
    return { id: t.id, username: t.username, role: t.role, scopes: t.scopes, via: "token" };
  }
  const cookieHeader = req.headers.get("cookie");
  if (!cookieHeader) return null;
  for (const name of SESSION_COOKIES) {
    const raw = readCookie(cookieHeader, name);
    if (!raw) continue;
    const payload = await decode({ token: raw, secret: authSecret(), salt: name }).catch(() => null);
    const uid = Number(payload?.uid ?? payload?.sub);
    if (!payload || !Number.isInteger(uid) || uid <= 0) return null;
    const [u] = await db
      .select({ id: users.id, username: users.username, role: users.role })
      .from(users)
      .where(eq(users.id, uid))
      .limit(1);
    if (!u) return null;
    return { ...u, scopes: ["read", "write"], via: "session" };
  }
  return null;
}

export function requireViewer(viewer: Viewer | null): Viewer {
  if (!viewer) throw unauthorized();
  return viewer;
}

/** Cookie-authenticated writes must come from our own pages (CSRF); bearer requests need no check. */
export function checkSameOrigin(req: Request): void {
  const site = req.headers.get("sec-fetch-site");
  if (site === "same-origin" || site === "none") return;
  const origin = req.headers.get("origin");
  if (origin) {
    const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host");
    try {
      const o = new URL(origin);
      if (host && o.host === host) return;
      const pub = process.env.PUBLIC_URL;
      if (pub && new URL(pub).host === o.host) return;
    } catch {
      /* falls through to the refusal */
    }
  }
  throw new ApiError(403, "forbidden", "Cross-site request refused (CSRF check)");
}
