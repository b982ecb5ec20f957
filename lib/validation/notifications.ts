import { z } from "zod";
import { NOTIFICATION_TYPES } from "@/db/schema/enums";

export const notificationListQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0).meta({ description: "0-based page" }),
  size: z.coerce.number().int().min(1).max(100).default(30),
});

export const markReadSchema = z.object({ ids: z.array(z.number().int().positive()).min(1).max(500) }).meta({ id: "MarkNotificationsRead" });

export const notificationPrefSchema = z.object({ type: z.enum(NOTIFICATION_TYPES), enabled: z.boolean() }).meta({ id: "NotificationPref" });

/** One preference or a list of them (OpenIsle sends one at a time). */
export const updatePrefsSchema = z
  .union([notificationPrefSchema, z.array(notificationPrefSchema).min(1).max(NOTIFICATION_TYPES.length)])
  .meta({ id: "UpdateNotificationPrefs" });

export const updatedCountSchema = z.object({ updated: z.number().int() }).meta({ id: "UpdatedCount" });
export const unreadCountSchema = z.object({ count: z.number().int() }).meta({ id: "UnreadCount" });

export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;
export type NotificationPref = z.infer<typeof notificationPrefSchema>;

/** GET/PUT /api/notifications/prefs: the choice for every type. */
export const notificationPrefsSchema = z.array(notificationPrefSchema).length(NOTIFICATION_TYPES.length);

/** The grouped list (GET /api/notifications/groups): its schemas live beside, listed here so the OpenAPI document names them. */
export * from "@/lib/validation/notification-groups";
