import { z } from "zod";
import { iconSchema } from "@/lib/validation/links";

/** Category and tag names: 1..64 characters after trimming surrounding spaces (API.md §1). */
const name = z.string().trim().min(1, "name must not be empty").max(64, "name must be at most 64 characters");
const text = (max: number) => z.string().max(max);

export const createCategorySchema = z
  .object({
    name,
    description: text(2000).default(""),
    icon: iconSchema(500).default(""),
    smallIcon: iconSchema(500).default(""),
  })
  .meta({ id: "CreateCategory" });

export const updateCategorySchema = z
  .object({
    name: name.optional(),
    description: text(2000).optional(),
    icon: iconSchema(500).optional(),
    smallIcon: iconSchema(500).optional(),
  })
  .meta({ id: "UpdateCategory" });

export const createTagSchema = z
  .object({
    name,
    description: text(2000).default(""),
    icon: iconSchema(500).default(""),
    smallIcon: iconSchema(500).default(""),
  })
  .meta({ id: "CreateTag" });

export const updateTagSchema = z
  .object({
    name: name.optional(),
    description: text(2000).optional(),
    icon: iconSchema(500).optional(),
    smallIcon: iconSchema(500).optional(),
  })
  .meta({ id: "UpdateTag" });

export const tagListQuerySchema = z.object({
  keyword: z.string().max(64).optional().meta({ description: "case-insensitive substring of the name" }),
  page: z.coerce.number().int().min(0).default(0).meta({ description: "0-based page" }),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export type CreateCategoryInput = z.infer<typeof createCategorySchema>;
export type UpdateCategoryInput = z.infer<typeof updateCategorySchema>;
export type CreateTagInput = z.infer<typeof createTagSchema>;
export type UpdateTagInput = z.infer<typeof updateTagSchema>;
export type TagListQuery = z.infer<typeof tagListQuerySchema>;

const id = z.number({ error: "must be a number" }).int("must be a whole number").positive("must be a positive id");

/** PUT /api/categories/order (admin): every category id once, in the order to show them. */
export const reorderCategoriesSchema = z.object({
  ids: z.array(id, { error: "ids must be an array of category ids" }).min(1, "ids must not be empty").max(1000),
});

/** DELETE /api/categories/{id}?moveTo= (admin): where the category's posts go first. */
export const deleteCategoryQuerySchema = z.object({
  moveTo: z.coerce
    .number({ error: "moveTo must be a category id" })
    .int("moveTo must be a category id")
    .positive("moveTo must be a category id")
    .optional(),
});

/** POST /api/tags/{id}/merge (moderator): the tag that takes this one's posts. */
export const mergeTagSchema = z.object({ intoId: id });

/** The tag rules the post editor shows before Publish (site settings, for this member). */
export type EditorTagRules = {
  /** A post needs at least this many tags (0: optional). */
  minTags: number;
  /** Whether this member may create new tags (else they pick existing ones). */
  canCreate: boolean;
  /** Who may create tags, in words ("members from level 1, and moderators"). */
  creators: string;
};
