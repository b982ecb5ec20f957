import { countPendingPosts } from "@/lib/services/posts";

/** What waits for staff: pending posts (the header badge of moderators and admins). */
export async function reviewQueueCount(): Promise<number> {
  return countPendingPosts();
}
