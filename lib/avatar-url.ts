/** A local, deterministic avatar (an SVG under /api/avatars) so no third-party host is contacted. */
export function defaultAvatar(username: string): string {
  return `/api/avatars/${encodeURIComponent(username)}`;
}

/** A member's avatar as list rows carry it: left out when it is the default (the client derives it). */
export function avatarUnlessDefault(username: string, avatar: string): { avatar?: string } {
  return avatar && avatar !== defaultAvatar(username) ? { avatar } : {};
}
