import { z } from "zod";
import { iconSchema } from "@/lib/validation/links";

/** Category and tag names: 1..64 characters after trimming surrounding spaces (docs/api.md §1). */
const name = z.string().trim().min(1, "name must not be empty").max(64, "name must be at most 64 characters");
const text = (max: number) => z.string().max(max);

/** Whether `v` is a category slug: lowercase ascii letters, digits and single dashes, not digits alone (an id). */
export const isCategorySlug = (v: string) => v.length <= 64 && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(v) && !/^[0-9]+$/.test(v);

/** A category's slug (/c/{slug}): lowercase ascii letters, digits and dashes, not digits alone (those are ids); null clears it. */
const slug = z
  .string({ error: "slug must be text or null" })
  .trim()
  .max(64, "slug must be at most 64 characters")
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "lowercase letters, digits and single dashes between them")
  .refine((v) => !/^[0-9]+$/.test(v), "not digits alone (those are category ids)")
  .nullable()
  .meta({ description: "extra: /c/{slug} shows the category too; unique" });
/** A category's colour: #rrggbb with AA contrast in both themes (checked by the service, as the site accent); null clears it. */
const color = z
  .string({ error: "color must be a colour like #0369a1, or null" })
  .regex(/^#[0-9a-fA-F]{6}$/, "must be a colour like #0369a1")
  .transform((v) => v.toLowerCase())
  .nullable()
  .meta({ description: "extra: #rrggbb, AA contrast against both themes" });
/** The parent category (one level only: a parent has no parent itself); null: a top-level category. */
const parentId = z
  .number({ error: "parentId must be a category id or null" })
  .int("parentId must be a category id or null")
  .positive("parentId must be a category id or null")
  .nullable()
  .meta({ description: "extra: the parent category (one level of sub-categories), or null" });

export const createCategorySchema = z
  .object({
    name,
    description: text(2000).default(""),
    icon: iconSchema(500).default(""),
    smallIcon: iconSchema(500).default(""),
    slug: slug.optional(),
    color: color.optional(),
    parentId: parentId.optional(),
  })
  .meta({ id: "CreateCategory" });

export const updateCategorySchema = z
  .object({
    name: name.optional(),
    description: text(2000).optional(),
    icon: iconSchema(500).optional(),
    smallIcon: iconSchema(500).optional(),
    slug: slug.optional(),
    color: color.optional(),
    parentId: parentId.optional(),
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

/** GET /api/categories/{id}/tags: how many of the category's tags, most used first. */
export const categoryTagsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(30),
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
