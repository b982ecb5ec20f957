import "server-only";
import { decode } from "next-auth/jwt";
import { clientIp } from "@/lib/api/client-ip";
import { unauthorized, msg } from "@/lib/errors";
import { authSecret } from "@/lib/auth-secret";
import { resolveBrowserSession } from "@/lib/services/auth/sessions";
import { verifyToken } from "@/lib/services/auth/tokens";
import type { Viewer } from "@/lib/viewer";
import { noteMember } from "@/lib/request-context";

/**
 * Who is calling, read from request headers. Route handlers get the viewer from `route()`; pages get
 * it from lib/api/page.ts (the same functions over `next/headers`). Services never see headers: they
 * receive the Viewer, the client address (lib/api/client-ip.ts) or the ViewClient built here.
 */

export const SESSION_COOKIES = ["__Secure-authjs.session-token", "authjs.session-token"] as const;

/** What a cookie jar must answer: the value of one cookie by name. */
export type CookieReader = (name: string) => string | undefined;

/** Reads one cookie from a `Cookie` header. */
export function cookieFromHeader(header: string | null): CookieReader {
  return (name) => {
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
  };
}

/**
 * Session ids of recently seen cookies. Decrypting an Auth.js cookie (HKDF, then JWE) costs ~1.4 ms of
 * CPU, and a signed-in page view sends the same cookie three times (the page, its event stream, its
 * read mark). Only cookies that decrypted under this process's secret are kept, so a forged cookie
 * never enters, and an entry is used only until the cookie's own expiry. Revocation is unaffected: the
 * session id is still checked against the database on every request.
 */
type DecodedCookie = { sid: string; expiresAt: number };
const decodedCookies = new Map<string, DecodedCookie>();
const DECODED_COOKIES_MAX = 5_000;

async function cookieSessionId(name: string, raw: string): Promise<string> {
  const key = `${name}\u0000${raw}`;
  const known = decodedCookies.get(key);
  if (known && known.expiresAt > Date.now()) return known.sid;
  decodedCookies.delete(key);
  const payload = await decode({ token: raw, secret: authSecret(), salt: name }).catch(() => null);
  const sid = typeof payload?.sid === "string" ? payload.sid : "";
  if (sid && typeof payload?.exp === "number") {
    if (decodedCookies.size >= DECODED_COOKIES_MAX) decodedCookies.delete(decodedCookies.keys().next().value!);
    decodedCookies.set(key, { sid, expiresAt: payload.exp * 1000 });
  }
  return sid;
}

/** The signed-in user of an Auth.js session cookie tied to a live server-side session, else null. */
export async function sessionViewer(cookie: CookieReader): Promise<Viewer | null> {
  for (const name of SESSION_COOKIES) {
    const raw = cookie(name);
    if (!raw) continue;
    // Only cookies tied to a live server-side session count: signed-out or revoked ones are anonymous.
    const sid = await cookieSessionId(name, raw);
    const s = sid ? await resolveBrowserSession(sid) : null;
    if (!s) return null;
    noteMember(s.id);
    return {
      id: s.id,
      username: s.username,
      role: s.role,
      scopes: ["read", "write"],
      via: "session",
      session: { kind: "session", id: s.sessionId },
      suspendedUntil: s.suspendedUntil,
    };
  }
  return null;
}

/**
 * Whether the request carries a session cookie of this site (one that decrypts under its secret to a
 * session id), live or not. Where resolveViewer found no caller, such a cookie names a session that has
 * ended (signed out, revoked, expired): pages treat it as anonymous, the live stream refuses it (401).
 */
export async function presentsSessionCookie(headers: Headers): Promise<boolean> {
  const cookie = cookieFromHeader(headers.get("cookie"));
  for (const name of SESSION_COOKIES) {
    const raw = cookie(name);
    if (raw) return !!(await cookieSessionId(name, raw));
  }
  return false;
}

/** Makes the browser forget its session cookies (a sign-out, or a cookie whose session has ended). */
export function clearSessionCookies(res: Response): Response {
  for (const name of SESSION_COOKIES)
    res.headers.append(
      "set-cookie",
      `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${name.startsWith("__Secure-") ? "; Secure" : ""}`,
    );
  return res;
}

/**
 * Resolves the caller of an API request. A present but invalid bearer token is a 401 on every
 * endpoint, public ones included; a missing or unreadable session cookie just means an anonymous caller.
 */
export async function resolveViewer(headers: Headers): Promise<Viewer | null> {
  const authz = headers.get("authorization");
  if (authz) {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(authz);
    if (!m) throw unauthorized(msg("invalidToken"));
    const t = await verifyToken(m[1]!);
    noteMember(t.id);
    return {
      id: t.id,
      username: t.username,
      role: t.role,
      scopes: t.scopes,
      via: "token",
      session: { kind: "token", id: t.tokenId },
      suspendedUntil: t.suspendedUntil,
    };
  }
  const cookieHeader = headers.get("cookie");
  if (!cookieHeader) return null;
  return sessionViewer(cookieFromHeader(cookieHeader));
}

/** What the posts service needs to count a view: who (by address) and how the post was fetched. */
export type ViewClient = { ip: string; fetchDest: string | null };

export function viewClient(headers: Headers): ViewClient {
  return { ip: clientIp(headers), fetchDest: headers.get("sec-fetch-dest") };
}
