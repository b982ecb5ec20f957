import { z } from "zod";

/** GET /api/ready: whether this process should get traffic (lib/health.ts checkReady). */
export const readinessSchema = z
  .object({
    status: z.enum(["ready", "not_ready"]),
    db: z.enum(["ok", "down"]),
    migrations: z.object({
      applied: z.number().int().meta({ description: "migrations recorded in the database" }),
      expected: z.number().int().meta({ description: "migrations this build ships" }),
      running: z.boolean().meta({ description: "a process holds the migration lock" }),
    }),
  })
  .meta({ id: "Readiness" });
