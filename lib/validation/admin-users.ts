import { z } from "zod";
import { USER_ROLES } from "@/db/schema/enums";

const isoDateTime = z.string().meta({ format: "date-time" });

/** POST /api/admin/users/{id}/suspend */
export const suspendUserSchema = z.object({
  until: z
    .string({ error: "until is required" })
    .refine((s) => !Number.isNaN(Date.parse(s)), "must be a date-time (ISO 8601)")
    .transform((s) => new Date(s))
    .refine((d) => d.getTime() > Date.now(), "must be in the future"),
  reason: z.string({ error: "reason is required" }).trim().min(1, "reason must not be empty").max(500, "at most 500 characters"),
});
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
