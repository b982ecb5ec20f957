import { createHmac, timingSafeEqual } from "node:crypto";
import { authSecret } from "@/lib/auth-secret";
import { env } from "@/lib/env";

/** The absolute base of links in mail: PUBLIC_URL, else this machine on PORT (the embedded default). */
export function publicBase(): string {
  const e = env();
  return (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
}

export const absoluteUrl = (path: string) => publicBase() + (path.startsWith("/") ? path : `/${path}`);

export const siteName = () => env().SITE_NAME?.trim() || "Forum";

/** A stateless one-click unsubscribe token: an HMAC of the member id under the auth secret. */
export function unsubscribeToken(userId: number): string {
  return createHmac("sha256", authSecret()).update(`unsubscribe:${userId}`).digest("base64url").slice(0, 32);
}

export function checkUnsubscribeToken(userId: number, token: string): boolean {
  const want = Buffer.from(unsubscribeToken(userId));
  const got = Buffer.from(token);
  return got.length === want.length && timingSafeEqual(got, want);
}

/** The RFC 8058 target (POST, no session) and the human page behind the footer link. */
export function unsubscribeUrls(userId: number): { oneClick: string; page: string } {
  const q = `u=${userId}&t=${unsubscribeToken(userId)}`;
  return { oneClick: absoluteUrl(`/api/notifications/unsubscribe?${q}`), page: absoluteUrl(`/unsubscribe?${q}`) };
}
