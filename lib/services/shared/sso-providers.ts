import "server-only";
import { env } from "@/lib/env";

/** Which outside sign-in providers this deployment has (each needs all of its settings). */
export function externalProviders(): { github: boolean; google: boolean; oidc: boolean } {
  const e = env();
  return {
    github: !!(e.AUTH_GITHUB_ID && e.AUTH_GITHUB_SECRET),
    google: !!(e.AUTH_GOOGLE_ID && e.AUTH_GOOGLE_SECRET),
    oidc: !!(e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET),
  };
}

/** True when at least one outside provider can sign people in (the SSO-only setting needs one). */
export const ssoConfigured = (): boolean => Object.values(externalProviders()).some(Boolean);
