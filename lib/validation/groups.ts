import { z } from "zod";
import { GROUP_VISIBILITIES } from "@/db/schema/groups";
import { isoDateTime } from "@/lib/validation/responses";

/** Groups and category permissions (issue 57; docs/permissions.md). */

const name = z.string().trim().min(1, "name must not be empty").max(64, "name must be at most 64 characters");

export const groupInputSchema = z
  .object({
    name,
    description: z.string().max(2000).default(""),
    membersVisibility: z.enum(GROUP_VISIBILITIES).default("members").meta({
      description: "who may read the member list: everyone, members (signed in), group (its own members), staff",
    }),
  })
  .meta({ id: "GroupInput" });

export const groupPatchSchema = z
  .object({
    name: name.optional(),
    description: z.string().max(2000).optional(),
    membersVisibility: z.enum(GROUP_VISIBILITIES).optional(),
  })
  .meta({ id: "GroupPatch" });

export const groupMemberInputSchema = z
  .object({
    username: z.string().trim().min(1, "username must not be empty").max(64),
    owner: z.boolean().optional().meta({ description: "an owner adds and removes members themselves" }),
  })
  .meta({ id: "GroupMemberInput" });

export const groupSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    membersVisibility: z.enum(GROUP_VISIBILITIES),
    memberCount: z.number().int(),
    createdAt: isoDateTime,
  })
  .meta({ id: "Group" });

export const groupMemberSchema = z
  .object({ id: z.number().int(), username: z.string(), avatar: z.string().nullable(), owner: z.boolean() })
  .meta({ id: "GroupMember" });

export const groupDetailSchema = groupSchema
  .extend({
    members: z.array(groupMemberSchema),
    canManage: z.boolean().meta({ description: "the caller may add and remove members (an admin, or an owner of the group)" }),
  })
  .meta({ id: "GroupDetail" });

/** "everyone" | "members" | "staff" | "group:<id>" */
export const principalSchema = z
  .string()
  .regex(/^(everyone|members|staff|group:[1-9]\d{0,9})$/, 'must be "everyone", "members", "staff" or "group:<id>"');

const principals = z.array(principalSchema).max(50);

export const categoryPermissionsInputSchema = z
  .object({
    see: principals.optional().meta({ description: "who may see the category; empty or left out: everyone" }),
    post: principals.optional().meta({ description: "who may start posts; empty or left out: members" }),
    reply: principals.optional().meta({ description: "who may reply; empty or left out: members" }),
  })
  .meta({ id: "CategoryPermissionsInput" });

const principalOut = z.object({
  principal: z.string().meta({ description: '"everyone", "members", "staff" or "group:<id>"' }),
  label: z.string().meta({ description: "the group's name, or the built-in group's" }),
});

export const categoryPermissionsSchema = z
  .object({
    categoryId: z.number().int(),
    see: z.array(principalOut),
    post: z.array(principalOut),
    reply: z.array(principalOut),
    /** Whether each action is the default (no rows). */
    defaults: z.object({ see: z.boolean(), post: z.boolean(), reply: z.boolean() }),
  })
  .meta({ id: "CategoryPermissions" });

export const categoryModeratorsInputSchema = z
  .object({
    groupIds: z
      .array(z.number().int().min(1).max(2_147_483_647))
      .max(50, "at most 50 ids")
      .meta({ description: "the groups whose members moderate the category (review, close, pin, move its posts); empty: none" }),
  })
  .meta({ id: "CategoryModeratorsInput" });

export const categoryModeratorsSchema = z
  .object({ categoryId: z.number().int(), groups: z.array(z.object({ id: z.number().int(), name: z.string() })) })
  .meta({ id: "CategoryModerators" });

export type CategoryModeratorsDto = z.infer<typeof categoryModeratorsSchema>;
export type GroupInput = z.infer<typeof groupInputSchema>;
export type GroupPatch = z.infer<typeof groupPatchSchema>;
export type GroupDto = z.infer<typeof groupSchema>;
export type GroupDetailDto = z.infer<typeof groupDetailSchema>;
export type CategoryPermissionsInput = z.infer<typeof categoryPermissionsInputSchema>;
export type CategoryPermissionsDto = z.infer<typeof categoryPermissionsSchema>;
