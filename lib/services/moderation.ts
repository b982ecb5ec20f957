import { countOpenFlagTargets } from "@/lib/services/flags";
import { countPendingPosts } from "@/lib/services/posts";

/** What waits for staff: pending posts plus flagged targets (the header badge of moderators and admins). */
export async function reviewQueueCount(): Promise<number> {
  const [pending, flagged] = await Promise.all([countPendingPosts(), countOpenFlagTargets()]);
  return pending + flagged;
}
