import { z } from "zod";

/** Deleting an account (issue 60): DELETE /api/users/me and the admin's DELETE /api/admin/users/{id}/account. */

const contentSchema = z.enum(["keep", "remove"]).meta({
  description: "remove: the member's posts are deleted and their comments emptied; keep: they stay, shown under the deleted member's name",
});

export const deleteMyAccountSchema = z
  .object({
    password: z.string().min(1).max(1024).optional().meta({ description: "the account's password; or give `code`" }),
    code: z
      .string()
      .regex(/^\d{6}$/)
      .optional()
      .meta({ description: "a code mailed by POST /api/users/me/deletion-code, in place of the password (accounts without one)" }),
    content: contentSchema,
  })
  .meta({ id: "DeleteMyAccountInput" });

export const deleteCodeSentSchema = z
  .object({
    sent: z.literal(true),
    expiresInMinutes: z.number().int().meta({ description: "how long the mailed code works" }),
  })
  .meta({ id: "DeleteCodeSent" });
export type DeleteCodeSentDto = z.infer<typeof deleteCodeSentSchema>;

export const adminDeleteAccountSchema = z.object({ content: contentSchema }).meta({ id: "AdminDeleteAccountInput" });

export const deletedAccountSchema = z
  .object({
    deleted: z.literal(true),
    username: z.string().meta({ description: "the name the account is shown under from now on (deleted-<id>)" }),
    postsRemoved: z.number().int(),
    commentsRemoved: z.number().int(),
  })
  .meta({ id: "DeletedAccount" });
