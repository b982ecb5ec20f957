import type { TokenScope, UserRole } from "@/db/schema";
import { unauthorized } from "@/lib/errors";
import type { SessionRef } from "@/lib/services/auth/sessions";

/**
 * The current user as the domain sees it: resolved at the edge (lib/api/caller.ts) from a bearer
 * token or the Auth.js session cookie, then passed to services as a plain value.
 */
export type Viewer = {
  id: number;
  username: string;
  role: UserRole;
  scopes: TokenScope[];
  via: "token" | "session";
  /** The sign-in the request came with (revocable: POST /api/auth/logout, active sign-ins). */
  session?: SessionRef;
  /** Set while an admin's suspension runs (ISO time): the member can read, every write answers 403 `suspended`. */
  suspendedUntil?: string | null;
};

export function requireViewer(viewer: Viewer | null): Viewer {
  if (!viewer) throw unauthorized();
  return viewer;
}
