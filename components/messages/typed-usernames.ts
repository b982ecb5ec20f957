import { api } from "@/lib/client/api-client";

/** Usernames typed with commas or spaces, `@` optional, each once (the new-conversation and add-people boxes). */
export const typedUsernames = (s: string) => [
  ...new Set(
    s
      .split(/[\s,]+/)
      .map((n) => n.replace(/^@/, ""))
      .filter(Boolean),
  ),
];

/** The ids of those members, looked up in parallel (at most MAX_GROUP_MEMBERS names); rejects with the first failure (404: no such member). */
export async function userIdsOf(usernames: string[]): Promise<number[]> {
  return Promise.all(usernames.map(async (n) => (await api.profile(n)).id));
}
