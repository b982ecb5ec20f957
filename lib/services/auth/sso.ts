import "server-only";
import type { UserRole } from "@/db/schema";
import { AppError, msg } from "@/lib/errors";
import { ssoConfigured } from "@/lib/services/shared/sso-providers";
import { readSettings } from "@/lib/services/shared/site-settings";

/**
 * Whether "SSO-only sign-in" is in force: the admin setting is on and a provider is configured (with
 * none, the setting would lock every member out, so it waits for one).
 */
export async function ssoOnly(): Promise<boolean> {
  return ssoConfigured() && (await readSettings()).ssoOnly;
}

/** 403 `sso_only`: this forum signs members in through its identity provider only. */
export const ssoOnlyRefusal = () => new AppError("sso_only", msg("ssoOnly"));

/**
 * Password sign-in (the browser form and POST /api/auth/login) after the password proved right: refused
 * with `sso_only` while SSO-only sign-in is in force, except for admins, so nobody locks themselves out.
 */
export async function assertPasswordSignIn(user: { role: UserRole }): Promise<void> {
  if (user.role !== "ADMIN" && (await ssoOnly())) throw ssoOnlyRefusal();
}

/** Sign-up with a password (POST /api/auth/register and its form): refused while SSO-only sign-in is in force. */
export async function assertPasswordSignUp(): Promise<void> {
  if (await ssoOnly()) throw ssoOnlyRefusal();
}
