import type { z } from "zod";
import { checkMarkdownLimits, RENDER_BUDGET } from "@/lib/markdown-limits";
import { checkInWorker } from "@/lib/markdown-pool";

/**
 * A zod refinement: the markdown text is within MARKDOWN_LIMITS (lib/markdown-limits.ts), else one
 * issue naming the limit (400 `validation_failed` with the field, API.md §1). Text longer than
 * `maxLength` is already refused by the schema's `.max()` and is not parsed.
 *
 * The check is a full markdown parse: it runs in the markdown worker, waited for at most
 * RENDER_BUDGET.waitMs; a text that cannot be checked in that time is refused as too complex (the
 * limit "parseTime"; an ordinary 100 KB post takes a few ms). With no worker free in that time, a
 * text of at most LOCAL_CHECK_CHARS is checked here (a few ms at worst), a longer one is refused.
 */
const LOCAL_CHECK_CHARS = 20_000;

function local(text: string) {
  const v = checkMarkdownLimits(text);
  return v ? { ok: false as const, violation: v } : { ok: true as const };
}

export function withinMarkdownLimits(maxLength: number) {
  return (text: string, ctx: z.RefinementCtx<string>) => {
    if (text.length > maxLength) return;
    const r = checkInWorker(text) ?? (text.length <= LOCAL_CHECK_CHARS ? local(text) : { ok: false as const, timedOut: true as const });
    if (r.ok) return;
    if ("violation" in r) {
      const v = r.violation;
      ctx.addIssue({ code: "custom", message: v.message, params: { limit: v.limit, max: v.max, count: v.count } });
    } else {
      ctx.addIssue({
        code: "custom",
        message: `too complex to check within ${RENDER_BUDGET.waitMs} ms (markdown limit "parseTime"): use less markup`,
        params: { limit: "parseTime", max: RENDER_BUDGET.waitMs },
      });
    }
  };
}
