import { z } from "zod";

/** The query of every feed route (GET /api/rss, /api/rss/featured, /api/rss/categories/{id}, /api/rss/tags/{id}). */
export const feedQuerySchema = z.object({
  format: z.enum(["rss", "atom"]).default("rss").meta({ description: "rss: RSS 2.0 (default); atom: Atom 1.0 of the same items" }),
});
