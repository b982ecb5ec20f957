import { z } from "zod";
import { imageRefSchema } from "@/lib/validation/links";
import { POINT_HISTORY_TYPES } from "@/db/schema/enums";
import { isoDateTime } from "@/lib/validation/responses";

/** Request and response schemas of polls, lotteries, points and the shop (docs/api.md §5). */

const instant = z.iso.datetime({ offset: true }).meta({ description: "ISO 8601 timestamp" });
const inFuture = (s: string) => new Date(s).getTime() > Date.now();

export const pollInputSchema = z
  .object({
    options: z
      .array(
        z
          .string()
          .max(200)
          .refine((s) => s.trim().length > 0, "Options must not be empty"),
      )
      .min(2, "At least two options required")
      .max(20, "At most 20 options")
      .refine((o) => new Set(o).size === o.length, "Options must be unique"),
    multiple: z.boolean().default(false),
    endTime: instant.refine(inFuture, "endTime must be in the future"),
  })
  .meta({ id: "PollInput" });
export type PollInput = z.input<typeof pollInputSchema>;

export const lotteryInputSchema = z
  .object({
    prizeDescription: z.string().min(1).max(1000),
    prizeIcon: z.string().max(2000).default(""),
    prizeCount: z.number().int().min(1).max(1000),
    pointCost: z.number().int().min(0).max(100),
    startTime: instant.optional().meta({ description: "defaults to now" }),
    endTime: instant.refine(inFuture, "endTime must be in the future"),
  })
  .refine((l) => !l.startTime || new Date(l.startTime) < new Date(l.endTime), {
    message: "startTime must be before endTime",
    path: ["startTime"],
  })
  .meta({ id: "LotteryInput" });
export type LotteryInput = z.input<typeof lotteryInputSchema>;

/** POST /api/posts/{id}/poll/vote body (OpenIsle's `?option=<index>` is read from the query instead). */
export const pollVoteSchema = z.object({ options: z.array(z.string()).min(1, "No options selected").max(20) }).meta({ id: "PollVote" });

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const trendQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(365).default(30) });

export const redeemSchema = z
  .object({ goodId: z.number().int().positive(), contact: z.string().trim().min(1).max(200) })
  .meta({ id: "RedeemInput" });

export const pointGoodInputSchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    cost: z.number().int().min(0).max(1_000_000_000),
    image: imageRefSchema(2000).default(""),
    description: z.string().max(2000).default(""),
  })
  .meta({ id: "PointGoodInput" });
// Not `pointGoodInputSchema.partial()`: that would keep the defaults and blank a field the edit left out.
export const pointGoodPatchSchema = z
  .object({
    name: z.string().trim().min(1).max(100).optional(),
    cost: z.number().int().min(0).max(1_000_000_000).optional(),
    image: imageRefSchema(2000).optional(),
    description: z.string().max(2000).optional(),
  })
  .extend({
    retired: z
      .boolean({ error: "retired must be true or false" })
      .optional()
      .meta({ description: "true takes the good out of the shop (its redemptions stay); false offers it again" }),
  })
  .meta({ id: "PointGoodPatch" });

/** A redemption waits for an admin to hand the good over (pending), then is fulfilled. */
export const REDEMPTION_STATUSES = ["pending", "fulfilled"] as const;
export type RedemptionStatus = (typeof REDEMPTION_STATUSES)[number];

export const pointHistorySchema = z
  .object({
    id: z.number().int(),
    type: z.enum(POINT_HISTORY_TYPES),
    amount: z.number().int(),
    balance: z.number().int(),
    postId: z.number().int().nullable(),
    postTitle: z.string().nullable(),
    commentId: z.number().int().nullable(),
    commentContent: z.string().nullable(),
    fromUserId: z.number().int().nullable(),
    fromUserName: z.string().nullable(),
    redemption: z
      .object({
        id: z.number().int(),
        goodId: z.number().int().nullable().meta({ description: "null once the good is deleted" }),
        goodName: z.string().meta({ description: "the good's name when it was redeemed" }),
        onOffer: z.boolean().meta({ description: "the good is still in the shop" }),
        status: z.enum(REDEMPTION_STATUSES),
      })
      .nullable()
      .meta({ description: "REDEEM: the good it paid for and whether an admin has handed it over" }),
    createdAt: isoDateTime,
  })
  .meta({ id: "PointHistory" });
export type PointHistoryDto = z.infer<typeof pointHistorySchema>;

export const trendPointSchema = z
  .object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), value: z.number().int() })
  .meta({ id: "PointTrendPoint" });
export type TrendPointDto = z.infer<typeof trendPointSchema>;

export const redeemResultSchema = z.object({ point: z.number().int() }).meta({ id: "RedeemResult" });

export const lotteryVerifySchema = z
  .object({
    seedHash: z.string(),
    seed: z.string(),
    participantIds: z.array(z.number().int()),
    prizeCount: z.number().int(),
    algorithm: z.string(),
    computedWinnerIds: z.array(z.number().int()),
    publishedWinnerIds: z.array(z.number().int()),
    seedMatchesHash: z.boolean(),
    winnersMatch: z.boolean(),
  })
  .meta({ id: "LotteryVerification" });
export type LotteryVerifyDto = z.infer<typeof lotteryVerifySchema>;

/** GET /api/admin/redemptions: which redemptions (pending by default), 0-based page. */
export const adminRedemptionsQuerySchema = z.object({
  status: z
    .enum([...REDEMPTION_STATUSES, "all"])
    .default("pending")
    .meta({ description: "pending: not handed over yet (the default); fulfilled; all" }),
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type AdminRedemptionsQuery = z.output<typeof adminRedemptionsQuerySchema>;
export type RedemptionFilter = AdminRedemptionsQuery["status"];

export const redemptionSchema = z
  .object({
    id: z.number().int(),
    member: z.object({ id: z.number().int(), username: z.string(), avatar: z.string() }),
    good: z.object({
      id: z.number().int().nullable().meta({ description: "null once the good is deleted" }),
      name: z.string().meta({ description: "as it was named when redeemed" }),
    }),
    cost: z.number().int(),
    contact: z.string().meta({ description: "how the member asked to be reached" }),
    createdAt: isoDateTime,
    status: z.enum(REDEMPTION_STATUSES),
    fulfilledAt: isoDateTime.nullable(),
    fulfilledBy: z
      .object({ id: z.number().int(), username: z.string() })
      .nullable()
      .meta({ description: "the admin who marked it fulfilled (null: pending, or that account is gone)" }),
  })
  .meta({ id: "Redemption" });
export type RedemptionDto = z.infer<typeof redemptionSchema>;

export const redemptionPageSchema = z
  .object({
    items: z.array(redemptionSchema),
    total: z.number().int().meta({ description: "redemptions matching the status filter" }),
    pending: z.number().int().meta({ description: "redemptions not fulfilled yet, whatever the filter" }),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ id: "RedemptionPage" });
export type RedemptionPageDto = z.infer<typeof redemptionPageSchema>;
