import type { TokenScope, UserRole } from "@/db/schema";
import { unauthorized } from "@/lib/errors";
import type { SessionRef } from "@/lib/services/auth/sessions";
import type { ReadFrom } from "@/db/replicas";

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
  /** Where this member's stale-tolerant reads may go, set at the edge (lib/api/read-from.ts): "primary" until their last write has replayed. */
  readFrom?: ReadFrom;
};

export function requireViewer(viewer: Viewer | null): Viewer {
  if (!viewer) throw unauthorized();
  return viewer;
}
