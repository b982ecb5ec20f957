import { z } from "zod";
import { USER_ROLES } from "@/db/schema/enums";

const isoDateTime = z.string().meta({ format: "date-time" });

const MAX_SUSPEND_DAYS = 3650;

/** POST /api/admin/users/{id}/suspend: until a date, or for a number of days from now; a reason the member sees. */
export const suspendUserSchema = z
  .object({
    until: z
      .string()
      .refine((s) => !Number.isNaN(Date.parse(s)), "must be a date-time (ISO 8601)")
      .transform((s) => new Date(s))
      .refine((d) => d.getTime() > Date.now(), "must be in the future")
      .optional()
      .meta({ description: "the end of the suspension; give this or `days`" }),
    days: z
      .number()
      .int("must be a whole number of days")
      .min(1, `must be between 1 and ${MAX_SUSPEND_DAYS}`)
      .max(MAX_SUSPEND_DAYS, `must be between 1 and ${MAX_SUSPEND_DAYS}`)
      .optional()
      .meta({ description: "the suspension's length from now, in days; give this or `until`" }),
    reason: z.string({ error: "reason is required" }).trim().min(1, "reason must not be empty").max(500, "at most 500 characters"),
  })
  .refine((v) => (v.until === undefined) !== (v.days === undefined), { message: "give either until or days", path: ["until"] })
  .transform(({ until, days, reason }) => ({ until: until ?? new Date(Date.now() + days! * 86_400_000), reason }))
  .meta({ id: "SuspendUser" });
export type SuspendUserInput = z.output<typeof suspendUserSchema>;

/** PUT /api/admin/users/{id}/role */
export const setRoleSchema = z.object({ role: z.enum(USER_ROLES) });

export const adminUserSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    role: z.enum(USER_ROLES),
    suspendedUntil: isoDateTime.nullable().meta({ description: "set while a suspension runs" }),
    suspendedReason: z.string().nullable(),
  })
  .meta({ id: "AdminUser" });
export type AdminUserDto = z.infer<typeof adminUserSchema>;

export const auditLogQuerySchema = z.object({
  page: z
    .string()
    .regex(/^\d{1,6}$/, "must be 0 or more")
    .transform(Number)
    .default(0),
  size: z
    .string()
    .regex(/^\d{1,3}$/, "must be between 1 and 100")
    .transform(Number)
    .pipe(z.number().int().min(1, "must be between 1 and 100").max(100, "must be between 1 and 100"))
    .default(20),
});

export const auditLogEntrySchema = z
  .object({
    id: z.number().int(),
    actor: z.object({ id: z.number().int(), username: z.string() }).nullable(),
    action: z.string(),
    targetType: z.string(),
    targetId: z.number().int().nullable(),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
    createdAt: isoDateTime,
  })
  .meta({ id: "AuditLogEntry" });
export type AuditLogEntryDto = z.infer<typeof auditLogEntrySchema>;

const intString = (max: number, message: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .pipe(z.number().int().max(max, message));

export const ADMIN_USER_SORTS = ["username", "role", "joined", "lastSeen", "posts", "comments", "flags"] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];
export const ADMIN_USER_STATUSES = ["suspended", "new", "bot"] as const;

/** GET /api/admin/users: search, filters, sort (`-` prefix: descending), paging. */
export const adminUsersQuerySchema = z.object({
  q: z.string().max(64, "at most 64 characters").default("").meta({ description: "part of the username or email" }),
  role: z.enum(USER_ROLES).optional(),
  status: z
    .enum(ADMIN_USER_STATUSES)
    .optional()
    .meta({ description: "suspended: a suspension runs; new: joined in the last 7 days; bot: bot accounts" }),
  sort: z
    .enum([...ADMIN_USER_SORTS, ...ADMIN_USER_SORTS.map((s) => `-${s}` as const)])
    .default("-joined")
    .meta({ description: "a column; a leading `-` sorts descending" }),
  page: intString(1_000_000, "must be 0 or more").default(0),
  pageSize: intString(100, "must be between 1 and 100").pipe(z.number().min(1, "must be between 1 and 100")).default(25),
});
export type AdminUsersQuery = z.output<typeof adminUsersQuerySchema>;

const miniUser = z.object({ id: z.number().int(), username: z.string() });

/** One row of the admin users table. */
export const adminUserRowSchema = adminUserSchema
  .extend({
    avatar: z.string(),
    bot: z.boolean(),
    joinedAt: isoDateTime,
    lastSeenAt: isoDateTime.nullable().meta({ description: "the member's last request (null: never seen since sign-up)" }),
    postCount: z.number().int(),
    commentCount: z.number().int().meta({ description: "comments not deleted" }),
    flagsAgainst: z.number().int().meta({ description: "flags on the member's posts and comments, open or resolved" }),
    openFlagsAgainst: z.number().int(),
  })
  .meta({ id: "AdminUserRow" });
export type AdminUserRowDto = z.infer<typeof adminUserRowSchema>;

export const adminUserPageSchema = z
  .object({
    items: z.array(adminUserRowSchema),
    total: z.number().int().meta({ description: "members matching the search and filters" }),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ id: "AdminUserPage" });
export type AdminUserPageDto = z.infer<typeof adminUserPageSchema>;

export const auditTargetSchema = z
  .object({
    type: z.string(),
    id: z.number().int().nullable(),
    label: z.string().nullable().meta({ description: "the post's title, the category's name …, as now or as it was" }),
    href: z.string().nullable(),
  })
  .meta({ id: "AuditTarget" });

/** A piece of an audit line: words, or a link to a member or to the target. */
export const auditPartSchema = z.union([
  z.object({ kind: z.literal("text"), text: z.string() }),
  z.object({ kind: z.literal("user"), id: z.number().int(), username: z.string() }),
  z.object({ kind: z.literal("target"), text: z.string(), href: z.string().nullable() }),
]);
export type AuditPart = z.infer<typeof auditPartSchema>;

/** GET /api/admin/audit: filters by actor (username or id) and action, 0-based pages. */
export const auditQuerySchema = z.object({
  actor: z.string().trim().max(64, "at most 64 characters").optional().meta({ description: "the actor's username (or id)" }),
  action: z
    .string()
    .regex(/^[a-z][a-z_.-]{0,63}$/, "must be an action name such as post.approve, or a prefix such as post")
    .optional()
    .meta({ description: "an action (`post.approve`) or every action of a kind (`post`)" }),
  subject: intString(2147483647, "must be a user id").optional().meta({ description: "only actions concerning this member" }),
  page: intString(1_000_000, "must be 0 or more").default(0),
  pageSize: intString(100, "must be between 1 and 100").pipe(z.number().min(1, "must be between 1 and 100")).default(50),
});
export type AuditQuery = z.output<typeof auditQuerySchema>;

export const auditEntrySchema = auditLogEntrySchema
  .extend({
    subject: miniUser.nullable().meta({ description: "the member the action concerned" }),
    target: auditTargetSchema,
    summary: z.string().meta({ description: "the line in words: “moderator approved alice's post ‘Title’”" }),
    parts: z.array(auditPartSchema).meta({ description: "the same line, in pieces the UI turns into links" }),
  })
  .meta({ id: "AuditEntry" });
export type AuditEntryDto = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z
  .object({ items: z.array(auditEntrySchema), page: z.number().int(), pageSize: z.number().int(), hasMore: z.boolean() })
  .meta({ id: "AuditPage" });
export type AuditPageDto = z.infer<typeof auditPageSchema>;

/** GET /api/admin/users/{id}: one member for staff. */
export const adminUserDetailSchema = z
  .object({
    user: adminUserRowSchema.extend({ email: z.string(), introduction: z.string() }),
    posts: z.array(
      z.object({
        id: z.number().int(),
        title: z.string(),
        status: z.string(),
        createdAt: isoDateTime,
        commentCount: z.number().int(),
        hidden: z.boolean(),
      }),
    ),
    flags: z.array(
      z.object({
        id: z.number().int(),
        reason: z.string(),
        note: z.string(),
        status: z.enum(["OPEN", "RESOLVED"]),
        action: z.string().nullable(),
        createdAt: isoDateTime,
        reporter: miniUser,
        post: z.object({ id: z.number().int(), title: z.string() }),
        commentId: z.number().int().nullable(),
        excerpt: z.string().nullable().meta({ description: "the flagged comment's text, shortened" }),
      }),
    ),
    suspensions: z.array(auditEntrySchema).meta({ description: "suspensions and their lifting, newest first" }),
    audit: z.array(auditEntrySchema).meta({ description: "staff actions concerning the member, newest first" }),
    can: z.object({
      suspend: z.boolean(),
      changeRole: z.boolean(),
    }),
  })
  .meta({ id: "AdminUserDetail" });
export type AdminUserDetailDto = z.infer<typeof adminUserDetailSchema>;
