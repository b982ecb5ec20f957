import { z } from "zod";

/** Body of POST /api/admin/posts/{id}/approve and /reject (optional): the note sent to the author. */
export const reviewPostSchema = z
  .object({ reason: z.string().trim().max(1000, "at most 1000 characters").optional() })
  .meta({ id: "ReviewPost" });
export type ReviewPostInput = z.infer<typeof reviewPostSchema>;

/** GET /api/admin/posts/pending/count. */
export const pendingCountSchema = z.object({ count: z.number().int() }).meta({ id: "PendingCount" });
