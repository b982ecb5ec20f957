import "server-only";
import { users, type MedalType } from "@/db/schema";
import { defaultAvatar } from "@/lib/avatar-url";

/** ISO 8601 UTC with milliseconds and `Z`, or null. */
export function iso(d: Date | string | null | undefined): string | null {
  if (d === null || d === undefined) return null;
  return (d instanceof Date ? d : new Date(d)).toISOString();
}

export type UserSummary = {
  id: number;
  username: string;
  avatar: string;
  displayMedal: MedalType | null;
  bot: boolean;
  displayName: string | null;
};

type UserRow = {
  id: number;
  username: string;
  avatar: string;
  displayMedal: MedalType | null;
  earnedMedal?: MedalType | null;
  bot: boolean;
  /** Null when the member chose none (and for the system's own entries). */
  displayName: string | null;
};

/** The interface's user summary; `displayMedal` is the chosen medal, else the best earned one. */
export function userSummary(u: UserRow): UserSummary {
  return {
    id: u.id,
    username: u.username,
    avatar: u.avatar || defaultAvatar(u.username),
    displayMedal: u.displayMedal ?? u.earnedMedal ?? null,
    bot: u.bot,
    displayName: u.displayName || null,
  };
}

/** The columns `userSummary` needs, for a drizzle `select` (nested under a key or as the whole row). */
export const userSummaryColumns = {
  id: users.id,
  username: users.username,
  avatar: users.avatar,
  displayMedal: users.displayMedal,
  earnedMedal: users.earnedMedal,
  bot: users.bot,
  displayName: users.displayName,
};
