import { decode } from "next-auth/jwt";
import type { TokenScope, UserRole } from "@/db/schema";
import { ApiError, unauthorized } from "@/lib/api/errors";
import { authSecret } from "@/lib/auth-secret";
import { resolveBrowserSession, type SessionRef } from "@/lib/services/sessions";
import { verifyToken } from "@/lib/services/tokens";

/** The current user, from a bearer token or the Auth.js session cookie. */
export type Viewer = {
  id: number;
  username: string;
  role: UserRole;
  scopes: TokenScope[];
  via: "token" | "session";
  /** The sign-in the request came with (revocable: POST /api/auth/logout, active sign-ins). */
  session?: SessionRef;
};

export const SESSION_COOKIES = ["__Secure-authjs.session-token", "authjs.session-token"] as const;

function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(/;\s*/)) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq) === name) {
      // A malformed escape (`%`) makes the cookie unreadable, i.e. an anonymous caller, never a 500.
      try {
        return decodeURIComponent(part.slice(eq + 1));
      } catch {
        return undefined;
      }
    }
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
    return { id: t.id, username: t.username, role: t.role, scopes: t.scopes, via: "token", session: { kind: "token", id: t.tokenId } };
  }
  const cookieHeader = req.headers.get("cookie");
  if (!cookieHeader) return null;
  for (const name of SESSION_COOKIES) {
    const raw = readCookie(cookieHeader, name);
    if (!raw) continue;
    const payload = await decode({ token: raw, secret: authSecret(), salt: name }).catch(() => null);
    // Only cookies tied to a live server-side session count: signed-out or revoked ones are anonymous.
    const sid = typeof payload?.sid === "string" ? payload.sid : "";
    const s = sid ? await resolveBrowserSession(sid) : null;
    if (!s) return null;
    return { id: s.id, username: s.username, role: s.role, scopes: ["read", "write"], via: "session", session: { kind: "session", id: s.sessionId } };
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
