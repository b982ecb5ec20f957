import { z } from "zod";
import { isoDateTime } from "@/lib/validation/responses";

/** Account settings: display name, email change, watched and muted categories and tags. */

export const DISPLAY_NAME_MAX = 40;

/**
 * A display name as plain text: Unicode NFC; control, format (bidi overrides, zero-width), private-use
 * and unassigned characters removed; at most two combining marks on a letter; runs of whitespace as one
 * space; trimmed. Empty afterwards means none (null).
 */
export function cleanDisplayName(raw: string): string | null {
  const text = raw
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Zl}\p{Zp}]/gu, " ")
    .replace(/(\p{M}{2})\p{M}+/gu, "$1")
    .replace(/\s+/gu, " ")
    .trim();
  return text ? text : null;
}

export const displayNameSchema = z
  .string()
  .max(400, `at most ${DISPLAY_NAME_MAX} characters`)
  .nullable()
  .transform((v) => (v === null ? null : cleanDisplayName(v)))
  .refine((v) => v === null || [...v].length <= DISPLAY_NAME_MAX, `at most ${DISPLAY_NAME_MAX} characters`)
  .meta({
    description: `plain text shown beside the username, at most ${DISPLAY_NAME_MAX} characters (control and invisible characters removed); null or "" for none`,
  });

/** POST /api/users/me/email: the new address and the current password. */
export const changeEmailSchema = z
  .object({
    email: z.string().trim().max(254).pipe(z.email("a valid email address")),
    password: z.string().min(1, "your current password is required").max(1024),
  })
  .meta({ id: "ChangeEmailInput" });

/** POST /api/users/me/email/confirm: the code mailed to the new address. */
export const confirmEmailSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, "the 6-digit code from the mail"),
  })
  .meta({ id: "ConfirmEmailInput" });

export const emailChangeSchema = z
  .object({
    email: z.string().meta({ description: "the address in use (mail goes here until the change is confirmed)" }),
    pendingEmail: z.string().nullable().meta({ description: "the address waiting for its code, or null" }),
  })
  .meta({ id: "EmailChange" });

export const WATCH_CHOICES = ["WATCH", "MUTE", "NORMAL"] as const;

/** PUT /api/users/me/watches: one category or one tag, and the member's choice for it. */
export const setWatchSchema = z
  .object({
    categoryId: z.number().int().positive().optional(),
    tagId: z.number().int().positive().optional(),
    level: z.enum(WATCH_CHOICES).meta({ description: "WATCH: notified of new posts; MUTE: left out of your home list; NORMAL: neither" }),
  })
  .refine((v) => (v.categoryId === undefined) !== (v.tagId === undefined), {
    message: "give either categoryId or tagId",
    path: ["categoryId"],
  })
  .meta({ id: "SetWatchInput" });

export const watchSchema = z
  .object({
    kind: z.enum(["category", "tag"]),
    id: z.number().int().meta({ description: "the category's or tag's id" }),
    name: z.string(),
    level: z.enum(["WATCH", "MUTE"]),
    createdAt: isoDateTime,
  })
  .meta({ id: "Watch" });

export const usernamePolicySchema = z
  .object({
    days: z.number().int().nullable().meta({ description: "the site's rule: null no renames, 0 any time, N days between renames" }),
    allowed: z.boolean(),
    nextAt: isoDateTime.nullable().meta({ description: "when the next rename is possible, while a wait runs" }),
    formerNames: z.array(z.object({ username: z.string(), changedAt: isoDateTime })),
  })
  .meta({ id: "UsernamePolicy" });

export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;
export type EmailChangeDto = z.infer<typeof emailChangeSchema>;
export type SetWatchInput = z.infer<typeof setWatchSchema>;
export type WatchDto = z.infer<typeof watchSchema>;
export type UsernamePolicyDto = z.infer<typeof usernamePolicySchema>;
