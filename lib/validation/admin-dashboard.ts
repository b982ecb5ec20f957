import { z } from "zod";
import { isoDateTime } from "@/lib/validation/responses";
import { statsPointSchema } from "@/lib/validation/openisle/site";

/** The series of the admin dashboard: members who signed up, members seen, published posts, comments. */
export const DASHBOARD_SERIES = ["signups", "active", "posts", "comments"] as const;
export type DashboardSeries = (typeof DASHBOARD_SERIES)[number];

/** One series: rolling windows (last 24 hours, 7 days, 30 days) and the last 30 UTC days, oldest first. */
export const dashboardActivitySchema = z
  .object({
    key: z.enum(DASHBOARD_SERIES),
    day: z.number().int().meta({ description: "in the last 24 hours" }),
    week: z.number().int().meta({ description: "in the last 7 days" }),
    month: z.number().int().meta({ description: "in the last 30 days" }),
    daily: z.array(statsPointSchema).meta({ description: "per UTC day, the last 30 days up to today, 0 where there were none" }),
  })
  .meta({ id: "AdminDashboardActivity" });
export type DashboardActivityDto = z.infer<typeof dashboardActivitySchema>;

/** GET /api/admin/dashboard: the staff overview. Moderators get the moderation part; admin-only parts are null or left out. */
export const adminDashboardSchema = z
  .object({
    generatedAt: isoDateTime,
    scope: z.enum(["ADMIN", "MODERATOR"]).meta({ description: "what the caller may see: moderators get no member or mail figures" }),
    totals: z.object({
      members: z.number().int().nullable().meta({ description: "accounts, bots excluded (admins only)" }),
      posts: z.number().int().meta({ description: "published posts" }),
      comments: z.number().int().meta({ description: "comments not deleted" }),
    }),
    activity: z.array(dashboardActivitySchema).meta({ description: "signups and active (admins only), posts, comments" }),
    moderation: z.object({
      openFlags: z.number().int(),
      flaggedItems: z.number().int().meta({ description: "posts and comments with at least one open flag" }),
      oldestFlagAt: isoDateTime.nullable(),
      pendingPosts: z.number().int(),
      oldestPendingAt: isoDateTime.nullable(),
    }),
    mail: z
      .object({
        transport: z.enum(["smtp", "files"]).meta({ description: "files: no SMTP_URL, mail is written to the data folder" }),
        pending: z.number().int(),
        sending: z.number().int(),
        retrying: z.number().int().meta({ description: "pending after a failed attempt" }),
        failed: z.number().int().meta({ description: "given up after the last attempt" }),
        sentLastDay: z.number().int(),
        oldestPendingAt: isoDateTime.nullable(),
        replyQueue: z.number().int().meta({ description: "reply and mention notifications the reply-mail job has not looked at yet" }),
      })
      .nullable()
      .meta({ description: "admins only" }),
  })
  .meta({ id: "AdminDashboard" });
export type AdminDashboardDto = z.infer<typeof adminDashboardSchema>;
