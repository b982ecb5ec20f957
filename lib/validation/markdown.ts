import type { z } from "zod";
import { checkMarkdownLimits } from "@/lib/markdown-limits";

/**
 * A zod refinement: the markdown text is within MARKDOWN_LIMITS (lib/markdown-limits.ts), else one
 * issue naming the limit (400 `validation_failed` with the field, API.md §1). Text longer than
 * `maxLength` is already refused by the schema's `.max()` and is not parsed.
 */
export function withinMarkdownLimits(maxLength: number) {
  return (text: string, ctx: z.RefinementCtx<string>) => {
    if (text.length > maxLength) return;
    const v = checkMarkdownLimits(text);
    if (v) ctx.addIssue({ code: "custom", message: v.message, params: { limit: v.limit, max: v.max, count: v.count } });
  };
}
